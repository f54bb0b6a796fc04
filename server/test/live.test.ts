import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../auth'
import { purgeChanges } from '../live'
import { DEMO } from '../seed'
import { ADMIN, addMember, OPERATOR, startCluster, startPlatform, type TestPlatform } from './harness'

// The live stream: what reaches whom, in which order, and what ends it. PGlite by default; real
// PostgreSQL (several platform instances on one database) with DATABASE_URL.

const LIVE = '/api/sandbox/live'
const org = (i: number) => `o0000000-0000-4000-8000-00000000000${i}`
/** An organization the operator is not in: the member's only one. */
const THEIRS = org(5)
const MEMBER = 'live-member-token'
const MEMBER_ID = 'u0000000-0000-4000-8000-0000000000b5'
const SECRET = 'live-SECRET-4b1f0c9e-value'

interface Frame {
  event: string
  id?: string
  data: Record<string, unknown>
}

type App = { request: (path: string, init: RequestInit) => Response | Promise<Response> }

/** A stream read frame by frame; `until` waits (bounded) for a frame that matches. */
async function openStream(app: App, token: string, headers: Record<string, string> = {}) {
  const response = await app.request(LIVE, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', ...headers },
  })
  const frames: Frame[] = []
  let ended = false
  let text = ''
  let buffer = ''
  const reader = response.body?.getReader()
  const decoder = new TextDecoder()
  let reading: Promise<void> | undefined
  const readMore = () => {
    reading ??= (async () => {
      const chunk = await reader?.read()
      reading = undefined
      if (!chunk || chunk.done) {
        ended = true
        return
      }
      const piece = decoder.decode(chunk.value, { stream: true })
      text += piece
      buffer += piece
      let cut = buffer.indexOf('\n\n')
      while (cut >= 0) {
        const block = buffer.slice(0, cut)
        buffer = buffer.slice(cut + 2)
        cut = buffer.indexOf('\n\n')
        const frame: Frame = { event: 'message', data: {} }
        let data = ''
        for (const line of block.split('\n')) {
          const [field, ...rest] = line.split(': ')
          const value = rest.join(': ')
          if (field === 'event') frame.event = value
          else if (field === 'id') frame.id = value
          else if (field === 'data') data += value
          else if (field?.startsWith('retry')) frame.event = 'retry'
        }
        if (data) frame.data = JSON.parse(data)
        frames.push(frame)
      }
    })()
    return reading
  }
  const timeout = (ms: number) =>
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))
  /** Waits for a frame from `from` on that `match`es; undefined after `ms`. */
  async function until(match: (f: Frame) => boolean, ms = 8000, from = 0): Promise<Frame | undefined> {
    const deadline = Date.now() + ms
    for (;;) {
      const found = frames.slice(from).find(match)
      if (found) return found
      if (ended || Date.now() >= deadline) return undefined
      if ((await Promise.race([readMore(), timeout(deadline - Date.now())])) === 'timeout') return undefined
    }
  }
  return {
    response,
    frames,
    until,
    text: () => text,
    ended: () => ended,
    changes: (from = 0) => frames.slice(from).filter((f) => f.event === 'change'),
    close: async () => {
      await reader?.cancel().catch(() => {})
    },
  }
}
type Stream = Awaited<ReturnType<typeof openStream>>
const heartbeat = (f: Frame) => f.event === 'heartbeat'
const changeOf = (kind: string, id: string) => (f: Frame) =>
  f.event === 'change' && f.data.kind === kind && f.data.id === id

let p: TestPlatform
const open: Stream[] = []
const stream = async (token: string, headers: Record<string, string> = {}, app: App = p.app) => {
  const s = await openStream(app, token, headers)
  open.push(s)
  return s
}
const closeAll = async () => {
  for (const s of open.splice(0)) await s.close()
}

async function madeTask(body: Record<string, unknown>, token = ADMIN) {
  const answer = await p.call<{ id: string; updatedAt: string }>('POST', '/api/sandbox/tasks', {
    body,
    token,
  })
  expect(answer.status, answer.body.message).toBe(201)
  return answer.body.result as { id: string; updatedAt: string }
}

beforeAll(async () => {
  p = await startPlatform({ live: { heartbeatMs: 300, pollMs: 250, perUser: 6 } })
  await addMember(p, { id: MEMBER_ID, token: MEMBER, organizationId: THEIRS })
})
afterAll(async () => {
  await closeAll()
  await p.close()
})

describe('the live stream', () => {
  it('answers 401 without a session, and a stream with its headers and first frames', async () => {
    const refused = await p.app.request(LIVE, { headers: { Accept: 'text/event-stream' } })
    expect(refused.status).toBe(401)
    const s = await stream(ADMIN)
    expect(s.response.status).toBe(200)
    expect(s.response.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
    expect(s.response.headers.get('Cache-Control')).toBe('no-store')
    expect(s.response.headers.get('X-Accel-Buffering')).toBe('no')
    const beat = await s.until(heartbeat)
    expect(s.frames[0]?.event).toBe('retry')
    expect(typeof beat?.data.seq).toBe('number')
    // Heartbeats keep coming.
    const count = s.frames.filter(heartbeat).length
    expect(await s.until(heartbeat, 3000, s.frames.length)).toBeDefined()
    expect(s.frames.filter(heartbeat).length).toBeGreaterThan(count)
    await closeAll()
  })

  it('sends a task update, with the whole task and its seq as the id', async () => {
    const task = await madeTask({ name: 'Live task' })
    const s = await stream(ADMIN)
    await s.until(heartbeat)
    const from = s.frames.length
    const run = await p.call('POST', `/api/sandbox/tasks/${task.id}/run`)
    expect(run.status).toBe(200)
    const change = await s.until(
      (f) => changeOf('task', task.id)(f) && f.data.op === 'updated' && Boolean(f.data.entity),
      8000,
      from,
    )
    expect(change?.id).toBe(String(change?.data.seq))
    expect((change?.data.entity as { lastRun?: unknown } | undefined)?.lastRun).toBeDefined()
    // The run and its event come too.
    expect(
      await s.until((f) => f.event === 'change' && f.data.kind === 'run' && f.data.parentId === task.id),
    ).toBeDefined()
    expect(
      await s.until(
        (f) =>
          f.event === 'change' &&
          f.data.kind === 'event' &&
          (f.data.entity as { taskId?: string } | undefined)?.taskId === task.id,
      ),
    ).toBeDefined()
    const seqs = s.changes(from).map((f) => Number(f.id))
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
    await closeAll()
  })

  it('replays exactly what was missed after Last-Event-ID, in order, then goes on live', async () => {
    const first = await stream(ADMIN)
    const beat = await first.until(heartbeat)
    const since = Number(beat?.data.seq)
    await first.close()
    const made: string[] = []
    for (let i = 0; i < 3; i += 1) made.push((await madeTask({ name: `Missed ${i}` })).id)
    const expected = await p.platform.db.query<{ seq: string }>(
      "SELECT seq::text AS seq FROM changes WHERE env = 'sandbox' AND seq > $1 ORDER BY seq",
      [since],
    )
    const again = await stream(ADMIN, { 'Last-Event-ID': String(since) })
    await again.until(heartbeat)
    const replayed = again.frames
      .slice(0, again.frames.findIndex(heartbeat))
      .filter((f) => f.event === 'change')
    expect(replayed.map((f) => f.id)).toEqual(expected.map((r) => r.seq))
    for (const id of made) expect(replayed.some(changeOf('task', id))).toBe(true)
    const later = await madeTask({ name: 'After the replay' })
    expect(await again.until(changeOf('task', later.id))).toBeDefined()
    await closeAll()
  })

  it('says in a signed-in read which changes it holds, so a first stream replays from there', async () => {
    const before = await p.call('GET', '/api/sandbox/tasks?limit=1', { token: ADMIN })
    const seq = Number(before.headers.get('X-Live-Seq'))
    expect(Number.isInteger(seq)).toBe(true)
    const [latest] = await p.platform.db.query<{ n: string }>(
      "SELECT coalesce(max(seq), 0)::text AS n FROM changes WHERE env = 'sandbox'",
    )
    expect(seq).toBeLessThanOrEqual(Number(latest?.n))
    // A change after the read: the stream from the read's seq brings it.
    const made = await madeTask({ name: 'Made after the read' })
    const s = await stream(ADMIN, { 'Last-Event-ID': String(seq) })
    expect(await s.until(changeOf('task', made.id))).toBeDefined()
    await closeAll()
    // A read after the change carries a seq at least its own, once this process has heard of it.
    const [row] = await p.platform.db.query<{ n: string }>(
      "SELECT max(seq)::text AS n FROM changes WHERE env = 'sandbox' AND kind = 'task' AND id = $1",
      [made.id],
    )
    await expect
      .poll(async () =>
        Number(
          (await p.call('GET', '/api/sandbox/tasks?limit=1', { token: ADMIN })).headers.get('X-Live-Seq'),
        ),
      )
      .toBeGreaterThanOrEqual(Number(row?.n))
    // Nothing for a caller who is not signed in.
    expect(
      (await p.call('GET', '/api/sandbox/configs', { token: null })).headers.get('X-Live-Seq'),
    ).toBeNull()
  })

  it('answers reset to an id older than what is kept, or garbage, or too much to replay', async () => {
    const garbage = await stream(ADMIN, { 'Last-Event-ID': 'not-a-number' })
    const reset = await garbage.until((f) => f.event === 'reset')
    expect(typeof reset?.data.seq).toBe('number')
    await madeTask({ name: 'Before the purge' })
    expect(await purgeChanges(p.platform.db, 2)).toBeGreaterThan(0)
    const old = await stream(ADMIN, { 'Last-Event-ID': '1' })
    expect(await old.until((f) => f.event === 'reset')).toBeDefined()
    expect(old.changes()).toEqual([])
    const future = await stream(ADMIN, { 'Last-Event-ID': '999999999' })
    expect(await future.until((f) => f.event === 'reset')).toBeDefined()
    await closeAll()
  })

  it('gives a private product and its task to the members of its organization only', async () => {
    const product = await p.call<{ id: string }>('POST', '/api/sandbox/internal/products/v2', {
      body: {
        name: 'Live private',
        productCode: 'LIVE_PRIVATE',
        type: 'dataproduct',
        publisherOrganizationId: THEIRS,
        visibility: { type: 'private', visibleTo: [] },
      },
    })
    expect(product.status, product.body.message).toBe(201)
    const member = await stream(MEMBER)
    const outsider = await stream(OPERATOR)
    await member.until(heartbeat)
    await outsider.until(heartbeat)
    const task = await madeTask({ name: 'Live private task', productCode: 'LIVE_PRIVATE' })
    const patched = await p.call('PATCH', `/api/sandbox/internal/products/v2/${product.body.result?.id}`, {
      body: { name: 'Live private renamed' },
    })
    expect(patched.status, patched.body.message).toBe(200)
    await p.call('POST', `/api/sandbox/tasks/${task.id}/run`)
    // A public change both see, after the private ones: the outsider has been sent all before it.
    const marker = await madeTask({ name: 'Live public marker' })
    expect(await member.until(changeOf('task', task.id))).toBeDefined()
    expect(await member.until(changeOf('product', product.body.result?.id as string))).toBeDefined()
    expect(await member.until((f) => f.data.kind === 'run' && f.data.parentId === task.id)).toBeDefined()
    expect(await outsider.until(changeOf('task', marker.id))).toBeDefined()
    expect(await member.until(changeOf('task', marker.id))).toBeDefined()
    const text = outsider.text()
    expect(text).not.toContain(task.id)
    expect(text).not.toContain(product.body.result?.id)
    expect(text).not.toContain('LIVE_PRIVATE')
    expect(text).not.toContain(THEIRS)
    await closeAll()
  })

  it('never sends a secret', async () => {
    const s = await stream(ADMIN)
    await s.until(heartbeat)
    const task = await madeTask({ name: 'Live secret', clientSecret: SECRET, appAccessToken: SECRET })
    const change = await s.until(changeOf('task', task.id))
    expect(change?.data.entity).toMatchObject({ clientSecretSet: true, appAccessTokenSet: true })
    const updated = await p.call('PUT', `/api/sandbox/tasks/${task.id}`, {
      body: { name: 'Live secret 2', hookToken: SECRET },
      headers: { 'If-Match': `"${task.updatedAt}"` },
    })
    expect(updated.status, updated.body.message).toBe(200)
    await p.call('POST', `/api/sandbox/tasks/${task.id}/run`)
    expect(await s.until((f) => changeOf('task', task.id)(f) && f.data.op === 'updated')).toBeDefined()
    expect(await s.until((f) => f.data.kind === 'event' && f.data.parentId === task.id)).toBeDefined()
    expect(s.text()).not.toContain(SECRET)
    await closeAll()
  })

  it('says bye and closes when the token is revoked', async () => {
    const revocable = 'live-revocable-token'
    await p.platform.db.query('INSERT INTO tokens (id, user_id, token_hash, data) VALUES ($1, $2, $3, $4)', [
      'live-revocable',
      MEMBER_ID,
      hashToken(revocable),
      { name: 'revocable', status: 'active', kind: 'developer', createdAt: new Date().toISOString() },
    ])
    const s = await stream(revocable)
    await s.until(heartbeat)
    const revoked = await p.call(
      'POST',
      `/api/sandbox/internal/users/${MEMBER_ID}/tokens/live-revocable/revoke`,
    )
    expect(revoked.status, revoked.body.message).toBe(200)
    const bye = await s.until((f) => f.event === 'bye', 3000)
    expect(bye?.data).toEqual({ reason: 'revoked' })
    await s.until(() => false, 2000)
    expect(s.ended()).toBe(true)
    await closeAll()
  })

  it('refuses the seventh stream of a user with 429 and Retry-After', async () => {
    const six = await Promise.all(Array.from({ length: 6 }, () => stream(OPERATOR)))
    for (const s of six) expect(s.response.status).toBe(200)
    const seventh = await p.app.request(LIVE, { headers: { Authorization: `Bearer ${OPERATOR}` } })
    expect(seventh.status).toBe(429)
    expect(Number(seventh.headers.get('Retry-After'))).toBeGreaterThan(0)
    // Another user still gets one; a closed stream frees its place.
    const other = await stream(ADMIN)
    expect(other.response.status).toBe(200)
    await six[0]?.close()
    let again: Response | undefined
    for (let i = 0; i < 40; i += 1) {
      again = await p.app.request(LIVE, { headers: { Authorization: `Bearer ${OPERATOR}` } })
      if (again.status === 200) break
      await again.body?.cancel()
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(again?.status).toBe(200)
    await again?.body?.cancel()
    await closeAll()
  })

  it('never lets a change that commits later carry a smaller seq than one already readable', async () => {
    const s = await stream(ADMIN)
    const beat = await s.until(heartbeat)
    const since = Number(beat?.data.seq)
    const db = p.platform.db
    const insertEvent = (q: typeof db, id: string) =>
      q.query(
        `INSERT INTO events (env, id, ts, type, status, app_name, organization_id, data)
         VALUES ('sandbox', $1, now(), 'LIVE_ORDER', 'info', 'orchestrator', $2, $3)`,
        [id, org(1), { id, type: 'LIVE_ORDER', status: 'info', message: id, organizationId: org(1) }],
      )
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const order: string[] = []
    // The first takes its seq and stays open; the second writes meanwhile; the first commits last.
    const first = db.transaction(async (tx) => {
      await insertEvent(tx, 'live-order-first')
      await gate
      order.push('first')
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const second = insertEvent(db, 'live-order-second').then(() => order.push('second'))
    await new Promise((resolve) => setTimeout(resolve, 300))
    // While the first is open, nothing of either has reached the reader.
    expect(s.changes().filter((f) => String(f.data.id).startsWith('live-order'))).toEqual([])
    release()
    await Promise.all([first, second])
    expect(order).toEqual(['first', 'second'])
    const got = await s.until(changeOf('event', 'live-order-second'))
    expect(got).toBeDefined()
    const seen = s.changes().filter((f) => String(f.data.id).startsWith('live-order'))
    expect(seen.map((f) => f.data.id)).toEqual(['live-order-first', 'live-order-second'])
    // And a reader resuming from before both gets both, in order.
    const resumed = await stream(ADMIN, { 'Last-Event-ID': String(since) })
    await resumed.until(heartbeat)
    expect(
      resumed
        .changes()
        .filter((f) => String(f.data.id).startsWith('live-order'))
        .map((f) => f.data.id),
    ).toEqual(['live-order-first', 'live-order-second'])
    await closeAll()
  })
})

describe('the live stream on several platform processes', () => {
  it('brings a change committed on one process to a stream on another', async () => {
    const cluster = await startCluster(2, { live: { heartbeatMs: 300, pollMs: 60_000 } })
    try {
      const [a, b] = cluster.nodes
      if (!a || !b) throw new Error('two nodes')
      const s = await openStream(b.app, ADMIN)
      await s.until(heartbeat)
      const made = await a.call<{ id: string }>('POST', '/api/sandbox/tasks', { body: { name: 'Across' } })
      expect(made.status).toBe(201)
      // The poll is a minute away: only the signal can bring it this soon.
      const change = await s.until(changeOf('task', made.body.result?.id as string), 5000)
      expect(change).toBeDefined()
      await s.close()
      // A token revoked on one process ends its stream on the other at once.
      const token = 'live-cluster-token'
      await a.platform.db.query(
        'INSERT INTO tokens (id, user_id, token_hash, data) VALUES ($1, $2, $3, $4)',
        [
          'live-cluster',
          DEMO.operator.id,
          hashToken(token),
          { name: 'cluster', status: 'active', kind: 'developer', createdAt: new Date().toISOString() },
        ],
      )
      const held = await openStream(b.app, token)
      await held.until(heartbeat)
      const revoked = await a.call(
        'POST',
        `/api/sandbox/internal/users/${DEMO.operator.id}/tokens/live-cluster/revoke`,
        { token: OPERATOR },
      )
      expect(revoked.status, revoked.body.message).toBe(200)
      expect((await held.until((f) => f.event === 'bye', 3000))?.data).toEqual({ reason: 'revoked' })
      await held.close()
    } finally {
      await cluster.close()
    }
  })
})

describe('a reader that does not keep up', () => {
  it('is dropped after the stall time instead of having changes queued for it', async () => {
    const slow = await startPlatform({ live: { heartbeatMs: 100, pollMs: 100, stallMs: 500 } })
    try {
      const s = await openStream(slow.app, ADMIN)
      await s.until(heartbeat)
      const hub = slow.platform.live
      expect(hub?.count()).toBe(1)
      // The reader stops reading; changes go on.
      for (let i = 0; i < 6; i += 1) {
        const made = await slow.call('POST', '/api/sandbox/tasks', {
          body: { name: `Unread ${i}`, description: 'x'.repeat(4000) },
        })
        expect(made.status).toBe(201)
      }
      for (let i = 0; i < 40 && hub?.count() !== 0; i += 1) await new Promise((r) => setTimeout(r, 100))
      expect(hub?.count()).toBe(0)
      // What it had taken before is all it gets: fewer than the 6 changes, then the end.
      await s.until(() => false, 2000)
      expect(s.ended()).toBe(true)
      expect(s.changes().length).toBeLessThan(6)
    } finally {
      await slow.close()
    }
  })
})
