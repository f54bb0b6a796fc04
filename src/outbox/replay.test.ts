import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db, type OutboxEntry } from './db'
import { newLocalId, queueChange } from './outbox'
import { localIdsIn, replayOnce, runsOf, type SendResult, substitute } from './replay'

const scope = { userId: 'u1', organizationId: 'o1', env: 'sandbox', version: 'v2' }
const formats = '/api/sandbox/internal/products/v2/data-formats'
const tasks = '/api/sandbox/internal/products/v2/tasks'

const edit = (id: string, name: string, baseVersion = 't0') =>
  queueChange(scope, {
    method: 'PUT',
    path: `${formats}/${encodeURIComponent(id)}`,
    body: { name },
    resource: 'data-formats',
    entityId: id,
    baseVersion,
    label: name,
  })
const create = (id: string, name: string) =>
  queueChange(scope, {
    method: 'POST',
    path: formats,
    body: { name },
    resource: 'data-formats',
    entityId: id,
    label: name,
  })

/**
 * A platform that answers each call after a few milliseconds, in another order than asked (the delay
 * is drawn per call), and records what was asked, what was on the wire at once, and the answers.
 */
function platform(answer: (entry: OutboxEntry, attempt: number) => SendResult) {
  const calls: OutboxEntry[] = []
  const answered: string[] = []
  /** Asked and answered, in the order they happened. */
  const log: string[] = []
  let onWire = 0
  let most = 0
  const attempts = new Map<string, number>()
  let seed = 7
  const delay = () => {
    seed = (seed * 48271) % 2147483647
    return seed % 9
  }
  return {
    calls,
    answered,
    log,
    most: () => most,
    send: async (entry: OutboxEntry) => {
      calls.push(structuredClone(entry))
      log.push(`ask ${entry.label}`)
      onWire += 1
      most = Math.max(most, onWire)
      const attempt = (attempts.get(entry.id) ?? 0) + 1
      attempts.set(entry.id, attempt)
      await new Promise((resolve) => setTimeout(resolve, delay()))
      onWire -= 1
      answered.push(entry.label)
      log.push(`answer ${entry.label}`)
      return answer(entry, attempt)
    },
  }
}
const ok = (entry: OutboxEntry): SendResult => ({
  status: entry.method === 'POST' ? 201 : 200,
  data: {
    id: entry.method === 'POST' ? `srv-${entry.label}` : entry.entityId,
    updatedAt: `v-${entry.label}`,
  },
})
const labels = (calls: OutboxEntry[], entity: string) =>
  calls.filter((c) => c.label.startsWith(entity)).map((c) => c.label)

beforeEach(async () => {
  await db.outbox.clear()
  await db.replaced.clear()
  await db.sent.clear()
})

describe('concurrent replay', () => {
  it('sends different entities together and the changes of one entity in order, one at a time', async () => {
    for (let i = 1; i <= 4; i += 1)
      for (const entity of ['a', 'b', 'c', 'd', 'e']) await edit(entity, `${entity}${i}`)
    const p = platform(ok)
    const result = await replayOnce({ ...scope, send: p.send, window: 4 })
    expect(result).toEqual({ sent: 20, outcome: 'idle' })
    expect(await db.outbox.count()).toBe(0)
    expect(p.most()).toBeGreaterThan(1)
    expect(p.most()).toBeLessThanOrEqual(4)
    for (const entity of ['a', 'b', 'c', 'd', 'e']) {
      const expected = [1, 2, 3, 4].map((i) => `${entity}${i}`)
      expect(labels(p.calls, entity)).toEqual(expected)
      // Each change of the entity left only after the one before it was answered.
      for (let i = 1; i < 4; i += 1)
        expect(p.log.indexOf(`answer ${entity}${i}`)).toBeLessThan(p.log.indexOf(`ask ${entity}${i + 1}`))
      // Each change is based on the version the one before it produced.
      const sent = p.calls.filter((c) => c.label.startsWith(entity))
      expect(sent.map((c) => c.baseVersion)).toEqual(['t0', `v-${entity}1`, `v-${entity}2`, `v-${entity}3`])
    }
  })

  it('writes the answers two windows at a time, in fewer transactions than windows, with the wire kept full', async () => {
    for (let i = 0; i < 60; i += 1) await create(newLocalId(), `n${i}`)
    const writes = vi.spyOn(db, 'transaction')
    // Answers at once (no timer): how many arrive between two transactions does not depend on the machine.
    let onWire = 0
    let most = 0
    const send = async (entry: OutboxEntry) => {
      onWire += 1
      most = Math.max(most, onWire)
      await Promise.resolve()
      onWire -= 1
      return ok(entry)
    }
    const result = await replayOnce({ ...scope, send, window: 6 })
    const written = writes.mock.calls.filter(([mode]) => mode === 'rw').length
    writes.mockRestore()
    expect(result).toEqual({ sent: 60, outcome: 'idle' })
    expect(await db.outbox.count()).toBe(0)
    expect(await db.sent.count()).toBe(60)
    expect(most).toBe(6)
    // One answer alone first, then up to three windows read ahead and written together: 6 transactions
    // (a window at a time, with two read ahead, made 8).
    expect(written).toBeLessThanOrEqual(6)
  })

  it('does not send a change discarded while the pass runs, read from the store as it is now', async () => {
    const queued: (OutboxEntry | undefined)[] = []
    for (let i = 0; i < 30; i += 1) queued.push(await edit(`e${i}`, `e${i}`))
    const p = platform(ok)
    let first = true
    const send = async (entry: OutboxEntry) => {
      if (first) {
        first = false
        // Discarded in another tab, and one renamed there, after the pass read the queue.
        await db.outbox.delete(queued[25]?.seq as number)
        await db.outbox.update(queued[26]?.seq as number, { body: { name: 'renamed' } })
      }
      return p.send(entry)
    }
    const result = await replayOnce({ ...scope, send, window: 4 })
    expect(result).toEqual({ sent: 29, outcome: 'idle' })
    expect(p.calls.map((c) => c.label)).not.toContain('e25')
    expect(p.calls.find((c) => c.label === 'e26')?.body).toEqual({ name: 'renamed' })
    expect(await db.outbox.count()).toBe(0)
  })

  it('never has two changes of one entity on the wire at once', async () => {
    for (let i = 1; i <= 5; i += 1) {
      await edit('a', `a${i}`)
      await edit('b', `b${i}`)
    }
    const busy = new Set<string>()
    let overlap = false
    const p = platform(ok)
    await replayOnce({
      ...scope,
      window: 8,
      send: async (entry) => {
        if (busy.has(entry.entityId)) overlap = true
        busy.add(entry.entityId)
        const answer = await p.send(entry)
        busy.delete(entry.entityId)
        return answer
      },
    })
    expect(overlap).toBe(false)
    expect(p.calls).toHaveLength(10)
  })

  it('sends a create first and gives its real id to the changes that name it, its own and others', async () => {
    // Another entity's change goes first, alone: then the window is open.
    await edit('x', 'x1')
    const local = newLocalId()
    await queueChange(scope, {
      method: 'POST',
      path: formats,
      body: { name: 'F' },
      resource: 'data-formats',
      entityId: local,
      label: 'F',
    })
    // Another entity's create that names the new format, queued before the format's edit.
    const taskLocal = newLocalId()
    await queueChange(scope, {
      method: 'POST',
      path: tasks,
      body: { name: 'T', steps: [{ dataFormatId: local }] },
      resource: 'tasks',
      entityId: taskLocal,
      label: 'T',
    })
    await edit(local, 'F edited', 't0')
    const p = platform((entry) =>
      entry.label === 'F' ? { status: 201, data: { id: 'srv-F', updatedAt: 'v1' } } : ok(entry),
    )
    await replayOnce({ ...scope, send: p.send })
    const order = p.calls.map((c) => c.label)
    const task = p.calls.find((c) => c.label === 'T')
    const fEdit = p.calls.find((c) => c.label === 'F edited')
    expect(order.indexOf('F')).toBeLessThan(order.indexOf('T'))
    expect(order.indexOf('F')).toBeLessThan(order.indexOf('F edited'))
    // The task was not sent before the format's create was answered.
    expect(p.log.indexOf('answer F')).toBeLessThan(p.log.indexOf('ask T'))
    expect(p.log.indexOf('answer F')).toBeLessThan(p.log.indexOf('ask F edited'))
    expect(task?.body).toEqual({ name: 'T', steps: [{ dataFormatId: 'srv-F' }] })
    expect(fEdit).toMatchObject({ path: `${formats}/srv-F`, entityId: 'srv-F', baseVersion: 'v1' })
    expect(await db.outbox.count()).toBe(0)
  })

  it('gives the real id to a change another tab queued on the local id while its create was on the wire', async () => {
    const local = newLocalId()
    await create(local, 'F')
    const p = platform((entry) => ({ status: 201, data: { id: `srv-${entry.label}`, updatedAt: 'v1' } }))
    await replayOnce({
      ...scope,
      send: async (entry) => {
        // The other tab does not know the platform's id yet: its change names the local id.
        await edit(local, 'F from the other tab', 't0')
        return p.send(entry)
      },
    })
    expect(await db.outbox.toArray()).toMatchObject([
      { label: 'F from the other tab', entityId: 'srv-F', path: `${formats}/srv-F`, baseVersion: 'v1' },
    ])
  })

  it('holds a change that names a create that failed, and sends the rest', async () => {
    const local = newLocalId()
    await create(local, 'F')
    await queueChange(scope, {
      method: 'POST',
      path: tasks,
      body: { formatId: local },
      resource: 'tasks',
      entityId: newLocalId(),
      label: 'T',
    })
    await edit('x', 'x1')
    const p = platform((entry) => (entry.label === 'F' ? { status: 400, error: 'Name taken' } : ok(entry)))
    await replayOnce({ ...scope, send: p.send })
    expect(p.calls.map((c) => c.label).sort()).toEqual(['F', 'x1'])
    const left = await db.outbox.orderBy('seq').toArray()
    expect(left.map((e) => [e.label, e.status])).toEqual([
      ['F', 'failed'],
      ['T', 'pending'],
    ])
  })

  it('resends under the same Idempotency-Key, with the same path and body, after no answer came', async () => {
    const local = newLocalId()
    await create(local, 'F')
    await edit(local, 'F2')
    await edit('b', 'b1')
    // The create is taken; the edit's answer is lost on the way back (the platform applied it).
    const first = platform((entry) =>
      entry.label === 'F2' ? { status: 0, error: 'Failed to fetch' } : ok(entry),
    )
    const once = await replayOnce({ ...scope, send: first.send, now: () => 0, random: () => 0 })
    expect(once.outcome).toBe('offline')
    const [stored] = await db.outbox.toArray()
    expect(stored).toMatchObject({ label: 'F2', status: 'pending', attempts: 1, path: `${formats}/srv-F` })
    const again = platform(ok)
    await replayOnce({ ...scope, send: again.send, now: () => 10_000 })
    const sentFirst = first.calls.find((c) => c.label === 'F2')
    const sentAgain = again.calls.find((c) => c.label === 'F2')
    expect(sentAgain?.id).toBe(sentFirst?.id)
    expect(sentAgain?.path).toBe(sentFirst?.path)
    expect(sentAgain?.body).toEqual(sentFirst?.body)
    expect(sentAgain?.baseVersion).toBe(sentFirst?.baseVersion)
    expect(await db.outbox.count()).toBe(0)
  })

  it('a failure in the middle of a batch settles the others and holds only its own entity', async () => {
    for (const entity of ['a', 'b', 'c', 'd', 'e', 'f']) {
      await edit(entity, `${entity}1`)
      await edit(entity, `${entity}2`)
    }
    const p = platform((entry) =>
      entry.label === 'c1'
        ? { status: 400, error: 'Bad name' }
        : entry.label === 'd1'
          ? { status: 503, error: 'busy' }
          : ok(entry),
    )
    const result = await replayOnce({ ...scope, send: p.send, window: 6 })
    expect(result).toEqual({ sent: 8, outcome: 'idle' })
    expect(p.calls.map((c) => c.label)).not.toContain('c2')
    expect(p.calls.map((c) => c.label)).not.toContain('d2')
    const left = await db.outbox.orderBy('seq').toArray()
    expect(left.map((e) => [e.label, e.status, e.lastStatus])).toEqual([
      ['c1', 'failed', 400],
      ['c2', 'pending', undefined],
      ['d1', 'pending', 503],
      ['d2', 'pending', undefined],
    ])
  })

  it('a 401 in the middle pauses: nothing more is sent, and what is left waits as it was', async () => {
    for (const entity of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) await edit(entity, `${entity}1`)
    const p = platform((entry) => (entry.label === 'c1' ? { status: 401, error: 'Unauthorized' } : ok(entry)))
    const result = await replayOnce({ ...scope, send: p.send, window: 2 })
    expect(result.outcome).toBe('unauthorized')
    const left = await db.outbox.orderBy('seq').toArray()
    // Nothing failed: every change left is pending, with no attempt counted against it.
    expect(left.every((e) => e.status === 'pending' && e.attempts === 0)).toBe(true)
    expect(left.length + result.sent).toBe(8)
    expect(p.calls.length).toBeLessThan(8)
    // Signed in again, the rest goes, each under the key it had.
    const keys = new Map(left.map((e) => [e.label, e.id]))
    const again = platform(ok)
    expect(await replayOnce({ ...scope, send: again.send })).toMatchObject({ outcome: 'idle' })
    expect(again.calls.map((c) => [c.label, c.id])).toEqual([...keys.entries()])
  })

  it('reports progress as n of N', async () => {
    for (const entity of ['a', 'b', 'c']) await edit(entity, `${entity}1`)
    const seen: [number, number][] = []
    await replayOnce({
      ...scope,
      send: platform(ok).send,
      onProgress: (done, total) => seen.push([done, total]),
    })
    expect(seen[0]).toEqual([0, 3])
    expect(seen.at(-1)).toEqual([3, 3])
  })
})

describe('local ids', () => {
  it('finds the local ids a change names, raw or URL-encoded, but not its own', () => {
    const own = newLocalId()
    const other = newLocalId()
    const third = newLocalId()
    expect(
      localIdsIn({
        entityId: own,
        path: `${tasks}/${encodeURIComponent(own)}/formats/${encodeURIComponent(third)}`,
        body: { a: [other] },
      }).sort(),
    ).toEqual([other, third].sort())
  })

  it('substitutes a local id in strings, arrays and objects', () => {
    const local = newLocalId()
    expect(
      substitute({ a: [local, 1, { b: `x/${encodeURIComponent(local)}` }], c: null }, local, 's1'),
    ).toEqual({
      a: ['s1', 1, { b: 'x/s1' }],
      c: null,
    })
  })
})

describe('runs of keys', () => {
  it('groups sorted keys into runs of consecutive integers, each deleted as one range', () => {
    expect(runsOf([7, 3, 4, 5, 9, 10, 12])).toEqual([
      [3, 5],
      [7, 7],
      [9, 10],
      [12, 12],
    ])
    expect(runsOf([])).toEqual([])
  })
})

describe('secrets in the outbox', () => {
  const secretEdit = (id: string) =>
    queueChange(scope, {
      method: 'PUT',
      path: `${tasks}/${id}`,
      body: { name: id, clientSecret: 'typed-secret', hookToken: 'typed-hook' },
      resource: 'tasks',
      entityId: id,
      baseVersion: 't0',
      label: id,
    })

  it('a change sent and accepted leaves nothing; one refused for good keeps its fields but no secret', async () => {
    await secretEdit('accepted')
    await secretEdit('refused')
    await secretEdit('stale')
    const answers: Record<string, SendResult> = {
      refused: { status: 400, error: 'name: too long', body: { message: 'name: too long' } },
      stale: { status: 412, error: 'stale', body: { message: 'stale', result: { id: 'stale' } } },
    }
    const send = async (entry: OutboxEntry) => answers[entry.label] ?? ok(entry)
    await replayOnce({ ...scope, send })
    const left = await db.outbox.toArray()
    expect(left.map((e) => [e.label, e.status])).toEqual([
      ['refused', 'failed'],
      ['stale', 'conflict'],
    ])
    for (const entry of left) expect(entry.body).toEqual({ name: entry.label })
    expect(JSON.stringify(await db.sent.toArray())).not.toContain('typed-')
  })

  it('a 412 that sends no version of theirs is a refusal to correct in the form, not a conflict with nothing to compare', async () => {
    await secretEdit('stale-without-theirs')
    await queueChange(scope, {
      method: 'POST',
      path: tasks,
      body: { name: 'created' },
      resource: 'tasks',
      entityId: 'new-1',
      label: 'created',
    })
    const refused = {
      status: 412,
      error: 'Version mismatch',
      body: { success: false, message: 'Version mismatch' },
    }
    await replayOnce({ ...scope, send: async () => refused })
    const left = await db.outbox.toArray()
    expect(left.map((e) => [e.label, e.status, e.lastStatus, e.theirs])).toEqual([
      ['stale-without-theirs', 'failed', 412, undefined],
      ['created', 'failed', 412, undefined],
    ])
  })

  it('a change waiting for an answer keeps its secret: it has yet to be sent', async () => {
    await secretEdit('waiting')
    await replayOnce({ ...scope, send: async () => ({ status: 0, error: 'offline' }) })
    expect((await db.outbox.toArray())[0]?.body).toMatchObject({ clientSecret: 'typed-secret' })
  })
})
