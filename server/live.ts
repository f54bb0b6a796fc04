import type { SSEStreamingApi } from 'hono/streaming'
import { streamSSE } from 'hono/streaming'
import { failure } from '../src/contract/envelope'
import { hashToken, resolveBearer } from './auth'
import type { AuthUser, Ctx, Platform, Reader } from './context'
import {
  type Condition,
  hasPermission,
  isPlatformAdmin,
  ownOrganizations,
  readableContracts,
  readableProducts,
  readableTasks,
} from './guard'
import { taskView } from './secrets'
import type { Entity } from './store'

/**
 * The live stream (GET /api/{env}/live, docs/live.md): the changes a signed-in user may read, as
 * server-sent events, from the `changes` table that triggers fill in the same transaction as each
 * write (migration 006). Each stream has its own cursor (a seq) and reads the table from it whenever
 * it is woken: by a NOTIFY of any process (a signal only), by a poll in case a signal was lost, and
 * on connecting (the replay). Only rows the user may read are sent, chosen in SQL by the same
 * conditions the read routes use (guard.ts). One write at a time per stream: a slow reader holds its
 * own cursor back, never a queue in memory, and one that takes no data for `stallMs` is dropped.
 */

export interface LiveLimits {
  /** A heartbeat this often (ms). */
  heartbeatMs: number
  /** Streams one user may hold on one process. */
  perUser: number
  /** Streams one process holds in all. */
  total: number
  /** How often a process looks for changes whose signal it may have missed (ms). */
  pollMs: number
  /** A stream whose reader takes nothing for this long is closed (ms); it resumes on reconnecting. */
  stallMs: number
  /** How often each stream checks its token and its reader's organizations and permissions (ms). */
  accessCheckMs: number
  /** The most changes a replay sends; more is a `reset`. */
  replayMax: number
}

export const LIVE_LIMITS: LiveLimits = {
  heartbeatMs: 5000,
  perUser: 6,
  total: 500,
  pollMs: 2000,
  stallMs: 30_000,
  accessCheckMs: 30_000,
  replayMax: 1000,
}

/** Rows read from the table at once. */
const BATCH = 200
/** An entity larger than this is left out of its change: the reader fetches it. */
const ENTITY_MAX_BYTES = 64 * 1024
/** Seconds a refused stream is told to wait. */
const RETRY_AFTER_S = 10
/** The reconnection delay the browser is given (ms). */
const RETRY_MS = 3000

export const LIVE_CHANNEL = 'live_changes'

interface ChangeRow {
  seq: string
  at: Date | string
  kind: string
  op: 'created' | 'updated' | 'deleted'
  id: string
  parent_id: string | null
  organization_id: string | null
  data: Entity | null
}

/** The read permission of each kind, as its GET route asks it (route-table.ts); products need none. */
const KIND_PERMISSIONS: Record<string, string> = {
  task: 'tasks.read',
  run: 'tasks.read',
  file: 'products.read',
  dataFormat: 'data-formats.read',
  contract: 'contracts.read',
  event: 'events.read',
}

/**
 * Which changes a reader may read: each kind by the condition of the route that reads it, over a row
 * of `changes` named `entities` (the columns those conditions use: env, data, organization_id,
 * created_by, parent_id, user_id). A run is read with its task, a file with its product.
 */
function visibleChanges(reader: Reader, permitted: Set<string>): Condition {
  return (param) => {
    const may = (kind: string) => {
      const permission = KIND_PERMISSIONS[kind]
      return !permission || permitted.has(permission)
    }
    const parts = [`(entities.kind = 'product' AND ${readableProducts(reader)(param)})`]
    if (may('task')) {
      parts.push(`(entities.kind = 'task' AND ${readableTasks(reader)(param)})`)
      parts.push(`(entities.kind = 'run' AND EXISTS (SELECT 1 FROM entities t WHERE t.env = entities.env
        AND t.kind = 'task' AND t.id = entities.parent_id AND ${readableTasks(reader, 't')(param)}))`)
    }
    if (may('file'))
      parts.push(`(entities.kind = 'file' AND EXISTS (SELECT 1 FROM entities f WHERE f.env = entities.env
        AND f.kind = 'product' AND f.id = entities.parent_id AND ${readableProducts(reader, 'f')(param)}))`)
    if (may('dataFormat')) parts.push(`entities.kind = 'dataFormat'`)
    if (may('contract')) parts.push(`(entities.kind = 'contract' AND ${readableContracts(reader)(param)})`)
    if (may('event'))
      parts.push(`(entities.kind = 'event' AND ${ownOrganizations(reader, 'user_id')(param)})`)
    return `(${parts.join(' OR ')})`
  }
}

/** The entity as its GET answers it: a task's secrets replaced by flags, a file without its content. */
function shown(kind: string, data: Entity | null): unknown {
  if (!data) return undefined
  if (kind === 'task') return taskView(data)
  if (kind === 'file') {
    const { content: _content, ...rest } = data
    return rest
  }
  return data
}

/**
 * What a read route adds to an entity beyond what is stored (a task's next run from its schedule),
 * so that a change's entity is the row the list answers.
 */
export type Present = (env: string, kind: string, entity: Entity) => Promise<Entity>

/** A change's frame data: the same for every reader who may read it, so made once per seq. */
function changeData(row: ChangeRow, entity: unknown): string {
  const change: Record<string, unknown> = {
    seq: Number(row.seq),
    at: new Date(row.at).toISOString(),
    kind: row.kind,
    op: row.op,
    id: row.id,
  }
  if (row.parent_id && (row.kind === 'run' || row.kind === 'file' || row.kind === 'event'))
    change.parentId = row.parent_id
  if (row.organization_id) change.organizationId = row.organization_id
  const base = JSON.stringify(change)
  if (row.op === 'deleted') return base
  const text = JSON.stringify(entity ?? null)
  if (text === 'null' || text.length > ENTITY_MAX_BYTES) return base
  return `${base.slice(0, -1)},"entity":${text}}`
}

type ByeReason = 'signed-out' | 'revoked' | 'shutdown'

interface Opening {
  env: string
  user: AuthUser
  token: string
  lastEventId: string | undefined
}

class LiveStream {
  closed = false
  private cursor = 0
  private ready = false
  private pulling = false
  private dirty = false
  private writing = 0
  private chain: Promise<void> = Promise.resolve()
  private timer: ReturnType<typeof setInterval> | undefined
  private lastAccessCheck = 0
  private reader: Reader = { admin: false, organizations: [] }
  private permitted = new Set<string>()
  private developerToken = false
  private checking: Promise<void> | undefined
  private checkAgain = false
  private finish: () => void = () => {}
  private readonly finished = new Promise<void>((resolve) => {
    this.finish = resolve
  })

  constructor(
    private readonly hub: LiveHub,
    private readonly sse: SSEStreamingApi,
    readonly opening: Opening,
  ) {}

  get env() {
    return this.opening.env
  }

  get userId() {
    return this.opening.user.id
  }

  async run() {
    this.sse.onAbort(() => this.end())
    const limits = this.hub.limits
    await this.sse.write(`retry: ${RETRY_MS}\n\n`)
    const [own] = await this.hub.platform.db.query('SELECT 1 FROM tokens WHERE token_hash = $1', [
      hashToken(this.opening.token),
    ])
    this.developerToken = Boolean(own)
    await this.loadAccess()
    await this.start(this.opening.lastEventId)
    if (this.closed) return
    this.ready = true
    await this.pull()
    await this.heartbeat()
    // The reader may have gone meanwhile: no timer is left behind for a stream that has ended.
    if (!this.closed) this.timer = setInterval(() => void this.tick(), limits.heartbeatMs)
    await this.finished
  }

  /** Where the stream starts: after Last-Event-ID when all since is kept and not too much, else now. */
  private async start(lastEventId: string | undefined) {
    const db = this.hub.platform.db
    const latest = await this.hub.latestSeq(this.env)
    if (lastEventId === undefined || lastEventId.trim() === '') {
      this.cursor = latest
      return
    }
    const from = /^\d{1,15}$/.test(lastEventId.trim()) ? Number(lastEventId.trim()) : Number.NaN
    const [horizon] = await db.query<{ n: string }>(
      'SELECT purged_through::text AS n FROM changes_horizon WHERE id = 1',
    )
    let reset = !Number.isFinite(from) || from > latest || from < Number(horizon?.n ?? 0)
    if (!reset) {
      const params: unknown[] = [this.env, from]
      const condition = this.condition()((value) => `$${params.push(value)}`)
      const [count] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM (SELECT * FROM changes c WHERE c.env = $1 AND c.seq > $2)
         AS entities WHERE ${condition} LIMIT ${this.hub.limits.replayMax + 1}) AS visible`,
        params,
      )
      reset = (count?.n ?? 0) > this.hub.limits.replayMax
    }
    if (reset) {
      this.cursor = latest
      await this.send('reset', JSON.stringify({ seq: latest }))
    } else this.cursor = from
  }

  private condition() {
    return visibleChanges(this.reader, this.permitted)
  }

  private async loadAccess() {
    const { platform } = this.hub
    const user = this.opening.user
    const rows = await platform.db.query<{ organization_id: string }>(
      'SELECT organization_id FROM memberships WHERE user_id = $1 ORDER BY organization_id',
      [user.id],
    )
    this.reader = {
      admin: isPlatformAdmin(user),
      userId: user.id,
      organizations: rows.map((r) => r.organization_id),
    }
    const names = [...new Set(Object.values(KIND_PERMISSIONS))]
    const held = await Promise.all(names.map((name) => hasPermission(platform, this.env, user, name)))
    this.permitted = new Set(names.filter((_, i) => held[i]))
    this.lastAccessCheck = Date.now()
  }

  /**
   * Whether the token still names the user (a sign-out, a revocation or an expiry ends it): if not,
   * `bye` and the end; else the reader's organizations and permissions are read again.
   */
  checkAccess(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true
      return this.checking
    }
    this.checking = (async () => {
      do {
        this.checkAgain = false
        await this.checkOnce()
      } while (this.checkAgain && !this.closed)
    })().finally(() => {
      this.checking = undefined
    })
    return this.checking
  }

  private async checkOnce() {
    if (this.closed) return
    this.lastAccessCheck = Date.now()
    const user = await resolveBearer(this.hub.platform, `Bearer ${this.opening.token}`).catch(() => undefined)
    if (this.closed) return
    if (!user || user.id !== this.opening.user.id) {
      await this.bye(this.developerToken ? 'revoked' : 'signed-out')
      return
    }
    this.opening.user = user
    await this.loadAccess()
    this.wake()
  }

  /** New rows may be there: read them (now, or when the current read ends). */
  wake() {
    if (!this.ready || this.closed) {
      this.dirty = true
      return
    }
    void this.pull()
  }

  private async pull() {
    if (this.pulling) {
      this.dirty = true
      return
    }
    this.pulling = true
    const db = this.hub.platform.db
    try {
      do {
        this.dirty = false
        while (!this.closed) {
          // Streams woken together at one cursor (every live one, after a change) read together: one
          // query for the batch, one per reader for what of it they may read.
          const from = this.cursor
          const [batch] = await this.hub.shared(`${this.env} ${from}`, () =>
            db.query<{ last: string | null }>(
              `SELECT max(seq)::text AS last FROM (SELECT seq FROM changes WHERE env = $1 AND seq > $2
               ORDER BY seq LIMIT ${BATCH}) AS batch`,
              [this.env, from],
            ),
          )
          if (!batch?.last) break
          const last = Number(batch.last)
          const who = JSON.stringify([this.reader, [...this.permitted].sort()])
          const rows = await this.hub.shared(`${this.env} ${from} ${last} ${who}`, () => {
            const params: unknown[] = [this.env, from, last]
            const condition = this.condition()((value) => `$${params.push(value)}`)
            return db.query<ChangeRow>(
              `SELECT seq::text AS seq, at, kind, op, id, parent_id, organization_id, data FROM (
                 SELECT c.seq, c.at, c.env, c.kind, c.op, c.id, c.parent_id, c.organization_id, c.created_by,
                   c.user_id, c.data FROM changes c WHERE c.env = $1 AND c.seq > $2 AND c.seq <= $3) AS entities
               WHERE ${condition} ORDER BY seq`,
              params,
            )
          })
          for (const row of rows) {
            if (this.closed) return
            await this.send('change', await this.hub.frame(this.env, row), row.seq)
          }
          this.cursor = last
          this.hub.saw(this.env, last)
        }
      } while (this.dirty && !this.closed)
    } catch (error) {
      if (!this.closed) console.error('live stream read failed:', (error as Error).message)
      this.end()
    } finally {
      this.pulling = false
    }
  }

  private async tick() {
    if (this.closed) return
    if (Date.now() - this.lastAccessCheck >= this.hub.limits.accessCheckMs) await this.checkAccess()
    // A heartbeat waits for nothing: while a frame is still on its way, the reader is busy anyway.
    if (this.writing === 0) await this.heartbeat()
  }

  private heartbeat() {
    const seq = Math.max(this.cursor, this.hub.known(this.env))
    return this.send(
      'heartbeat',
      JSON.stringify({ seq, at: new Date(this.hub.platform.now()).toISOString() }),
    )
  }

  /** One frame at a time, in order; a reader that takes nothing for `stallMs` loses the stream. */
  private send(event: string, data: string, id?: string): Promise<void> {
    if (this.closed) return Promise.resolve()
    this.writing += 1
    const write = async () => {
      if (this.closed) return
      let timer: ReturnType<typeof setTimeout> | undefined
      const stalled = new Promise<'stalled'>((resolve) => {
        timer = setTimeout(() => resolve('stalled'), this.hub.limits.stallMs)
      })
      try {
        const outcome = await Promise.race([this.sse.writeSSE({ event, data, id }), stalled])
        if (outcome === 'stalled') this.end()
      } finally {
        clearTimeout(timer)
      }
    }
    const next = this.chain
      .then(write)
      .catch(() => this.end())
      .finally(() => {
        this.writing -= 1
      })
    this.chain = next
    return next
  }

  async bye(reason: ByeReason) {
    if (this.closed) return
    await this.send('bye', JSON.stringify({ reason }))
    this.end()
  }

  end() {
    if (this.closed) return
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    this.sse.abort()
    this.finish()
  }
}

export class LiveHub {
  private readonly streams = new Set<LiveStream>()
  /** The newest seq this process knows of, per environment. */
  private readonly latest = new Map<string, number>()
  /** Reads under way, by what they read: streams asking the same at once share one. */
  private readonly reads = new Map<string, Promise<unknown>>()
  /** Frames made recently, by seq: many readers of one change share one. */
  private readonly frames = new Map<string, string>()
  private listening: Promise<(() => Promise<void>) | undefined> | undefined
  private poll: ReturnType<typeof setInterval> | undefined
  private reserved = new Map<string, number>()
  private readonly waking = new Set<string>()
  private reservedTotal = 0
  private stopped = false

  constructor(
    readonly platform: Platform,
    readonly limits: LiveLimits = LIVE_LIMITS,
    private readonly present?: Present,
  ) {}

  /** Room for one more stream of this user: a release function, or the seconds to wait. */
  reserve(userId: string): (() => void) | { retryAfter: number } {
    const mine = this.reserved.get(userId) ?? 0
    if (this.stopped || mine >= this.limits.perUser || this.reservedTotal >= this.limits.total)
      return { retryAfter: RETRY_AFTER_S }
    this.reserved.set(userId, mine + 1)
    this.reservedTotal += 1
    let released = false
    return () => {
      if (released) return
      released = true
      const left = (this.reserved.get(userId) ?? 1) - 1
      if (left > 0) this.reserved.set(userId, left)
      else this.reserved.delete(userId)
      this.reservedTotal -= 1
    }
  }

  /** The read under way for `key`, or a new one (forgotten once it settles, so later reads see later rows). */
  shared<T>(key: string, read: () => Promise<T>): Promise<T> {
    const under = this.reads.get(key)
    if (under) return under as Promise<T>
    const made = read().finally(() => this.reads.delete(key))
    this.reads.set(key, made)
    return made
  }

  /** Streams open on this process (all, or one user's). */
  count(userId?: string) {
    return userId ? (this.reserved.get(userId) ?? 0) : this.reservedTotal
  }

  async serve(sse: SSEStreamingApi, opening: Opening) {
    const stream = new LiveStream(this, sse, opening)
    this.streams.add(stream)
    try {
      await this.listen()
      await stream.run()
    } catch (error) {
      if (!stream.closed) console.error('live stream failed:', (error as Error).message)
    } finally {
      stream.end()
      this.streams.delete(stream)
    }
  }

  /** Listens once per process, from the first stream on: a NOTIFY wakes the streams of its env. */
  private listen() {
    this.listening ??= (async () => {
      this.poll = setInterval(() => void this.check(), this.limits.pollMs)
      this.poll.unref?.()
      try {
        return await this.platform.db.listen(
          LIVE_CHANNEL,
          (payload) => this.notified(payload),
          () => void this.check(true),
        )
      } catch (error) {
        // Without signals the poll still finds every change, only later.
        console.error('live: listening failed:', (error as Error).message)
        return undefined
      }
    })()
    return this.listening
  }

  private notified(payload: string) {
    const [env, what] = payload.split(' ')
    if (!env || !what) return
    if (env === '*') {
      for (const stream of this.streams) void stream.checkAccess()
      return
    }
    const seq = Number(what)
    if (Number.isFinite(seq)) this.saw(env, seq)
    // The signals of one commit arrive together: the streams are woken once, after the last of them.
    if (this.waking.has(env)) return
    this.waking.add(env)
    setImmediate(() => {
      this.waking.delete(env)
      for (const stream of this.streams) if (stream.env === env) stream.wake()
    })
  }

  /** Looks for changes whose signal was lost (or after the listening connection came back). */
  private async check(access = false) {
    if (this.streams.size === 0) return
    const envs = new Set([...this.streams].map((s) => s.env))
    for (const env of envs) {
      const latest = await this.latestSeq(env).catch(() => undefined)
      if (latest === undefined) continue
      if (latest > this.known(env) || access) {
        this.saw(env, latest)
        for (const stream of this.streams) if (stream.env === env) stream.wake()
      }
    }
    if (access) for (const stream of this.streams) void stream.checkAccess()
  }

  async latestSeq(env: string): Promise<number> {
    const [row] = await this.platform.db.query<{ n: string | null }>(
      'SELECT max(seq)::text AS n FROM changes WHERE env = $1',
      [env],
    )
    const n = Number(row?.n ?? 0)
    this.saw(env, n)
    return Math.max(n, this.known(env))
  }

  known(env: string) {
    return this.latest.get(env) ?? 0
  }

  /**
   * The seq an answer begun now may carry (`X-Live-Seq`): every change up to it is in what the answer
   * reads. The first ask of an environment reads it from the database and starts listening, so the
   * signals keep it current; a signal that is late makes it lower, which only replays more.
   */
  async seqNow(env: string): Promise<number> {
    if (!this.latest.has(env) && !this.stopped) {
      void this.listen()
      await this.latestSeq(env)
    }
    return this.known(env)
  }

  saw(env: string, seq: number) {
    if (seq > this.known(env)) this.latest.set(env, seq)
  }

  async frame(env: string, row: ChangeRow): Promise<string> {
    const made = this.frames.get(row.seq)
    if (made !== undefined) return made
    return this.shared(`frame ${row.seq}`, () => this.makeFrame(env, row))
  }

  private async makeFrame(env: string, row: ChangeRow): Promise<string> {
    let entity: Entity | null = row.data
    if (entity && row.op !== 'deleted' && this.present)
      entity = await this.present(env, row.kind, entity).catch(() => entity)
    const data = changeData(row, row.op === 'deleted' ? undefined : shown(row.kind, entity))
    this.frames.set(row.seq, data)
    if (this.frames.size > 2000) {
      const oldest = this.frames.keys().next().value
      if (oldest !== undefined) this.frames.delete(oldest)
    }
    return data
  }

  /** Ends every stream of this process with `bye` (shutdown) and stops listening. */
  async stop() {
    this.stopped = true
    if (this.poll) clearInterval(this.poll)
    // A reader that takes nothing does not hold the shutdown up: after a second, the rest just end.
    const byes = Promise.all([...this.streams].map((s) => s.bye('shutdown')))
    await Promise.race([byes, new Promise((resolve) => setTimeout(resolve, 1000))])
    for (const stream of this.streams) stream.end()
    const stop = await this.listening
    await stop?.()
  }
}

/** GET /api/{env}/live: 429 past the limits, else the stream. */
export function liveHandler(c: Ctx, hub: LiveHub, user: AuthUser) {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1]
  if (!token) return c.json(failure('A live stream needs a bearer token'), 401)
  const release = hub.reserve(user.id)
  if (typeof release !== 'function') {
    c.header('Retry-After', String(release.retryAfter))
    return c.json(
      { ...failure('Too many live streams: close another first'), retryAfter: release.retryAfter },
      429,
    )
  }
  const opening: Opening = {
    env: c.get('env'),
    user,
    token,
    lastEventId: c.req.header('Last-Event-ID'),
  }
  const response = streamSSE(c, async (sse) => {
    try {
      await hub.serve(sse, opening)
    } finally {
      release()
    }
  })
  response.headers.set('Content-Type', 'text/event-stream; charset=utf-8')
  response.headers.set('Cache-Control', 'no-store')
  response.headers.set('X-Accel-Buffering', 'no')
  return response
}

/** Changes older than a day, and beyond the newest 100 000, are purged; the horizon says up to where. */
export async function purgeChanges(db: Platform['db'], keep = 100_000) {
  const [row] = await db.query<{ n: string | null }>(
    `SELECT greatest(
       (SELECT max(seq) FROM changes WHERE at < now() - interval '24 hours'),
       (SELECT seq FROM changes ORDER BY seq DESC OFFSET ${Math.max(0, Math.floor(keep))} LIMIT 1)
     )::text AS n`,
  )
  if (!row?.n) return 0
  const through = Number(row.n)
  await db.query('UPDATE changes_horizon SET purged_through = greatest(purged_through, $1) WHERE id = 1', [
    through,
  ])
  const [deleted] = await db.query<{ n: number }>(
    'WITH gone AS (DELETE FROM changes WHERE seq <= $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
    [through],
  )
  return deleted?.n ?? 0
}
