import { beforeEach, describe, expect, it } from 'vitest'
import { db, type OutboxEntry } from './db'
import { discardEntry, newLocalId, queueChange, retryEntry, serverIdOf } from './outbox'
import { applyPending } from './pending'
import { backoff, dueNow, replayOnce, type SendResult, UNREACHABLE_MAX_DELAY_MS } from './replay'

const scope = { userId: 'u1', organizationId: 'o1', env: 'sandbox', version: 'v2' }
const base = '/api/sandbox/internal/products/v2/data-formats'
const update = (id: string, name: string, baseVersion = 't0') =>
  queueChange(scope, {
    method: 'PUT',
    path: `${base}/${id}`,
    body: { name },
    resource: 'data-formats',
    entityId: id,
    baseVersion,
    label: name,
  })

function sender(answer: (entry: OutboxEntry) => SendResult) {
  const calls: OutboxEntry[] = []
  return {
    calls,
    send: async (entry: OutboxEntry) => {
      calls.push(entry)
      return answer(entry)
    },
  }
}
const ok = (entry: OutboxEntry): SendResult => ({
  status: 200,
  data: { id: entry.entityId, updatedAt: `v-${entry.id}` },
})
const statuses = async () => (await db.outbox.orderBy('seq').toArray()).map((e) => e.status)

beforeEach(async () => {
  await db.outbox.clear()
  await db.replaced.clear()
  await db.sent.clear()
})

describe('outbox state machine', () => {
  it('stores a change before sending and removes it once the platform took it', async () => {
    const entry = await update('a', 'A')
    expect(await db.outbox.count()).toBe(1)
    const s = sender(ok)
    expect(await replayOnce({ ...scope, send: s.send })).toEqual({ sent: 1, outcome: 'idle' })
    expect(s.calls[0]?.id).toBe(entry?.id)
    expect(await db.outbox.count()).toBe(0)
  })

  it('keeps the order and stops when no answer comes, with backoff', async () => {
    await update('a', 'A1')
    await update('b', 'B1')
    const s = sender(() => ({ status: 0, error: 'Failed to fetch' }))
    const result = await replayOnce({ ...scope, send: s.send, now: () => 1000, random: () => 0 })
    expect(result.outcome).toBe('offline')
    expect(s.calls).toHaveLength(1)
    const [first] = await db.outbox.orderBy('seq').toArray()
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: 1500,
      lastError: 'Failed to fetch',
    })
  })

  it('sends at once when the connection is back, but keeps the backoff of a server error', async () => {
    await update('a', 'A1')
    await update('b', 'B1')
    await replayOnce({ ...scope, send: sender(() => ({ status: 0 })).send, now: () => 1000, random: () => 0 })
    const unreachable = (await db.outbox.orderBy('seq').toArray())[0]
    await db.outbox.update(unreachable?.seq as number, { attempts: 9, nextAttemptAt: 999_999 })
    await replayOnce({
      ...scope,
      send: sender(() => ({ status: 503 })).send,
      now: () => 1000,
      random: () => 0,
    })
    expect(await db.outbox.orderBy('seq').toArray()).toMatchObject([
      { lastStatus: 0, nextAttemptAt: 999_999 },
      { lastStatus: 503, nextAttemptAt: 1500 },
    ])
    const writes: number[] = []
    const onUpdate = (_changes: unknown, key: unknown) => {
      writes.push(key as number)
    }
    db.outbox.hook('updating', onUpdate)
    // Only the change that waited for want of an answer is written; the other is left as it is.
    expect(await dueNow('unreachable')).toBe(1)
    db.outbox.hook('updating').unsubscribe(onUpdate)
    expect(writes).toEqual([unreachable?.seq])
    expect(await db.outbox.orderBy('seq').toArray()).toMatchObject([
      { lastStatus: 0, nextAttemptAt: 0, attempts: 9 },
      { lastStatus: 503, nextAttemptAt: 1500 },
    ])
    // "Sync now": the user asks, every waiting change goes.
    await dueNow('all')
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.nextAttemptAt)).toEqual([0, 0])
  })

  it('holds an entity after a 5xx but goes on with the others', async () => {
    await update('a', 'A1')
    await update('a', 'A2')
    await update('b', 'B1')
    const s = sender((e) => (e.entityId === 'a' ? { status: 503, error: 'busy' } : ok(e)))
    await replayOnce({ ...scope, send: s.send })
    expect(s.calls.map((c) => c.label)).toEqual(['A1', 'B1'])
    expect(await statuses()).toEqual(['pending', 'pending'])
  })

  it('a 412 makes a conflict with theirs and holds later changes of the entity', async () => {
    await update('a', 'mine')
    await update('a', 'mine again')
    const theirs = { id: 'a', name: 'theirs', updatedAt: 't9' }
    const s = sender(() => ({ status: 412, error: 'changed', body: { success: false, result: theirs } }))
    await replayOnce({ ...scope, send: s.send })
    expect(s.calls).toHaveLength(1)
    const [first, second] = await db.outbox.orderBy('seq').toArray()
    expect(first).toMatchObject({ status: 'conflict', theirs, lastStatus: 412 })
    expect(second?.status).toBe('pending')

    // Keep mine: sent again on top of their version, under a new key (the old one was refused).
    await retryEntry(first?.id as string, { baseVersion: 't9' })
    const [retried] = await db.outbox.orderBy('seq').toArray()
    expect(retried?.id).not.toBe(first?.id)
    const again = sender(ok)
    await replayOnce({ ...scope, send: again.send })
    expect(again.calls.map((c) => [c.label, c.baseVersion])).toEqual([
      ['mine', 't9'],
      ['mine again', `v-${retried?.id}`],
    ])
  })

  it('a 400 makes a failed entry that can be discarded', async () => {
    const entry = await update('a', '')
    await replayOnce({
      ...scope,
      send: sender(() => ({ status: 400, error: 'This field is required' })).send,
    })
    expect(await db.outbox.toArray()).toMatchObject([
      { status: 'failed', lastError: 'This field is required' },
    ])
    await discardEntry(entry?.id as string)
    expect(await db.outbox.count()).toBe(0)
  })

  it('a 401 pauses the queue', async () => {
    await update('a', 'A')
    await update('b', 'B')
    const s = sender(() => ({ status: 401, error: 'Unauthorized' }))
    expect((await replayOnce({ ...scope, send: s.send })).outcome).toBe('unauthorized')
    expect(s.calls).toHaveLength(1)
    expect(await statuses()).toEqual(['pending', 'pending'])
  })

  it('never sends another user or organization its changes', async () => {
    await update('a', 'mine')
    await queueChange(
      { ...scope, userId: 'u2' },
      { method: 'DELETE', path: `${base}/x`, resource: 'data-formats', entityId: 'x', label: 'x' },
    )
    await queueChange(
      { ...scope, organizationId: 'o2' },
      { method: 'DELETE', path: `${base}/y`, resource: 'data-formats', entityId: 'y', label: 'y' },
    )
    const s = sender(ok)
    await replayOnce({ ...scope, send: s.send })
    expect(s.calls.map((c) => c.label)).toEqual(['mine'])
    expect(await db.outbox.count()).toBe(2)
  })

  it('gives a created entity its real id in the changes queued after it', async () => {
    const local = newLocalId()
    await queueChange(scope, {
      method: 'POST',
      path: base,
      body: { name: 'N' },
      resource: 'data-formats',
      entityId: local,
      label: 'N',
    })
    await queueChange(scope, {
      method: 'PUT',
      path: `${base}/${local}`,
      body: { name: 'N2' },
      resource: 'data-formats',
      entityId: local,
      label: 'N2',
    })
    const s = sender((e) =>
      e.method === 'POST' ? { status: 201, data: { id: 'srv-1', updatedAt: 't1' } } : ok(e),
    )
    await replayOnce({ ...scope, send: s.send })
    expect(s.calls.map((c) => [c.method, c.path, c.baseVersion])).toEqual([
      ['POST', base, undefined],
      ['PUT', `${base}/srv-1`, 't1'],
    ])
  })

  it('deleting a never-sent create sends nothing at all', async () => {
    const local = newLocalId()
    await queueChange(scope, {
      method: 'POST',
      path: base,
      body: { name: 'N' },
      resource: 'data-formats',
      entityId: local,
      label: 'N',
    })
    await queueChange(scope, {
      method: 'DELETE',
      path: `${base}/${local}`,
      resource: 'data-formats',
      entityId: local,
      label: 'N',
    })
    expect(await db.outbox.count()).toBe(0)
  })

  it('resends with the same key an entry left "sending" by a closed page', async () => {
    const entry = await update('a', 'A')
    await db.outbox.update(entry?.seq as number, { status: 'sending' })
    const s = sender(ok)
    await replayOnce({ ...scope, send: s.send })
    expect(s.calls[0]?.id).toBe(entry?.id)
    expect(await db.outbox.count()).toBe(0)
  })

  it('waits for the backoff before sending again', async () => {
    await update('a', 'A')
    await replayOnce({ ...scope, send: sender(() => ({ status: 500 })).send, now: () => 0, random: () => 1 })
    const s = sender(ok)
    await replayOnce({ ...scope, send: s.send, now: () => 500 })
    expect(s.calls).toHaveLength(0)
    await replayOnce({ ...scope, send: s.send, now: () => 1000 })
    expect(s.calls).toHaveLength(1)
  })

  it('backs off exponentially with jitter, capped', () => {
    expect(backoff(1, () => 0)).toBe(500)
    expect(backoff(3, () => 1)).toBe(4000)
    expect(backoff(40, () => 1)).toBe(300_000)
    expect(backoff(40, () => 1, UNREACHABLE_MAX_DELAY_MS)).toBe(30_000)
  })
})

describe('pending overlay', () => {
  /** A create (local id, returned), an edit of `a` and a delete of `b`. */
  async function queueCreateEditDelete() {
    const local = newLocalId()
    await queueChange(scope, {
      method: 'POST',
      path: base,
      body: { name: 'New' },
      resource: 'data-formats',
      entityId: local,
      label: 'New',
    })
    await update('a', 'A edited')
    await queueChange(scope, {
      method: 'DELETE',
      path: `${base}/b`,
      resource: 'data-formats',
      entityId: 'b',
      label: 'B',
    })
    return local
  }

  it('puts creates first, merges edits and marks deletes', async () => {
    const local = await queueCreateEditDelete()
    const rows = applyPending(
      [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
        { id: 'c', name: 'C' },
      ],
      await db.outbox.toArray(),
      'data-formats',
    )
    expect(rows.map((r) => [r.id === local ? 'local' : r.id, r.name, r.pending])).toEqual([
      ['local', 'New', 'create'],
      ['a', 'A edited', 'update'],
      ['b', 'B', 'delete'],
      ['c', 'C', undefined],
    ])
  })

  it('lays a queued command (a run asked again) over nothing, and sends it once under its key', async () => {
    const queued = await queueChange(scope, {
      method: 'POST',
      path: '/api/sandbox/tasks/t1/run',
      resource: 'data-formats',
      entityId: 't1',
      label: 'Run again: T1',
      command: 'run',
    })
    const rows = applyPending([{ id: 'x', name: 'X' }], await db.outbox.toArray(), 'data-formats')
    expect(rows).toEqual([{ id: 'x', name: 'X' }])
    // Offline first: kept, then sent once when an answer comes, with the same key both times.
    const offline = sender(() => ({ status: 0, error: 'Failed to fetch' }))
    await replayOnce({ ...scope, send: offline.send })
    await dueNow('unreachable')
    const online = sender(() => ({ status: 200, data: { task: { id: 't1' }, run: { id: 'r1' } } }))
    await replayOnce({ ...scope, send: online.send })
    await replayOnce({ ...scope, send: online.send })
    expect(online.calls.map((e) => [e.path, e.id])).toEqual([['/api/sandbox/tasks/t1/run', queued?.id]])
    expect(offline.calls[0]?.id).toBe(queued?.id)
    expect(await db.outbox.count()).toBe(0)
  })

  it('keeps showing sent changes, unmarked, on data fetched before they were sent', async () => {
    await queueCreateEditDelete()
    const fetched = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
      { id: 'c', name: 'C' },
    ]
    const fetchedAt = Date.now() - 1
    const s = sender((e) =>
      e.method === 'POST'
        ? { status: 201, data: { id: 'srv-new', name: 'New', updatedAt: 't1' } }
        : e.method === 'DELETE'
          ? { status: 204 }
          : { status: 200, data: { id: e.entityId, name: 'A edited', updatedAt: 't2' } },
    )
    await replayOnce({ ...scope, send: s.send })
    expect(await db.outbox.count()).toBe(0)
    const sent = await db.sent.orderBy('seq').toArray()
    expect(sent.map((r) => [r.method, r.entityId])).toEqual([
      ['POST', 'srv-new'],
      ['PUT', 'a'],
      ['DELETE', 'b'],
    ])
    // Data fetched before the sends (a tab that went offline before its refresh): the changes show.
    const stale = applyPending(fetched, [], 'data-formats', { rows: sent, fetchedAt })
    expect(stale.map((r) => [r.id, r.name, r.pending])).toEqual([
      ['srv-new', 'New', undefined],
      ['a', 'A edited', undefined],
      ['c', 'C', undefined],
    ])
    // Data fetched after them already holds them: the sent changes are not applied again.
    const fresh = applyPending([{ id: 'c', name: 'C' }], [], 'data-formats', {
      rows: sent,
      fetchedAt: Date.now() + 1,
    })
    expect(fresh.map((r) => r.id)).toEqual(['c'])
    // Another resource's sent changes never show here.
    expect(applyPending(fetched, [], 'tasks', { rows: sent, fetchedAt }).map((r) => r.id)).toEqual([
      'a',
      'b',
      'c',
    ])
  })
})

describe('changes made on what an earlier change replaced', () => {
  it('an edit based on the version my sent change replaced is sent on the new version', async () => {
    await update('a', 'First', 't0')
    const s = sender(ok)
    await replayOnce({ ...scope, send: s.send })
    const produced = (s.calls[0] && `v-${s.calls[0].id}`) as string
    // Another tab's form still holds t0: its save must not meet a conflict with my own change.
    const second = await update('a', 'Second', 't0')
    expect(second?.baseVersion).toBe(produced)
    const third = await update('a', 'Third', 'someone-elses')
    expect(third?.baseVersion).toBe('someone-elses')
  })

  it('an edit queued on a local id after its create was sent goes to the platform id', async () => {
    const local = newLocalId()
    await queueChange(scope, {
      method: 'POST',
      path: base,
      body: { name: 'New' },
      resource: 'data-formats',
      entityId: local,
      label: 'New',
    })
    await replayOnce({
      ...scope,
      send: async () => ({ status: 201, data: { id: 'srv-1', updatedAt: 'v1' } }),
    })
    expect(await serverIdOf('data-formats', local)).toBe('srv-1')
    expect(await serverIdOf('tasks', local)).toBeUndefined()
    const edit = await update(local, 'Edited')
    expect(edit).toMatchObject({ entityId: 'srv-1', path: `${base}/srv-1` })
  })
})
