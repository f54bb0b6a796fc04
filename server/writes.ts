import { createHash } from 'node:crypto'
import { failure } from '../src/contract/envelope'
import { MESSAGES } from '../src/contract/messages'
import type { AuthUser, Ctx } from './context'
import { changedSince } from './run-state'
import type { Entity, Store } from './store'

type Answer = { status: number; body: unknown }

type Seen = { status: number; response: unknown; body_hash: string; method: string; path: string }

/** How long a key is remembered, and with it the answer (never a secret: see `kept`): a day. */
export const IDEMPOTENCY_HOURS = 24
/** A claim whose request never finished (the process died) is given up after this long. */
const ABANDONED_SECONDS = 60
const WAIT_MS = 10_000
let lastPurge = 0

/**
 * Runs a write once per Idempotency-Key: a repeated key gets the first answer and changes nothing;
 * the same key with another body is refused (422). The key is claimed before the write runs, by an
 * INSERT that conflicts: of parallel requests with one key exactly one runs, and the others wait for
 * its answer (or get 409 if it takes too long). Keys and their answers are kept 24 hours.
 * `kept` is what is stored of the answer for a replay, when the answer holds a secret that must not
 * be stored (a new token's value): a replay then answers without it.
 */
export async function idempotent(
  c: Ctx,
  user: AuthUser,
  body: unknown,
  run: () => Promise<Answer>,
  kept: (body: unknown) => unknown = (answered) => answered,
): Promise<Response> {
  const key = c.req.header('Idempotency-Key')
  if (!key) {
    const answer = await run()
    return c.json(answer.body as object, answer.status as 200)
  }
  if (key.length > 200) return c.json(failure('Idempotency-Key is too long'), 400)
  const db = c.get('platform').db
  const now = c.get('platform').now()
  if (now - lastPurge > 60_000) {
    lastPurge = now
    await db.query(`DELETE FROM idempotency WHERE created_at < now() - interval '${IDEMPOTENCY_HOURS} hours'`)
  }
  const bodyHash = createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex')
  const replay = (seen: Seen) => {
    if (seen.body_hash !== bodyHash || seen.method !== c.req.method || seen.path !== c.req.path)
      return c.json(failure('This Idempotency-Key was used for another request'), 422)
    c.header('Idempotent-Replayed', 'true')
    return c.json(seen.response as object, seen.status as 200)
  }
  const started = Date.now()
  for (;;) {
    // One statement claims a new key, or takes over an abandoned claim as if it were new.
    const claimed = await db.query(
      `INSERT INTO idempotency (key, user_id, method, path, body_hash, status, response)
       VALUES ($1, $2, $3, $4, $5, 0, NULL)
       ON CONFLICT (key, user_id) DO UPDATE SET method = EXCLUDED.method, path = EXCLUDED.path,
         body_hash = EXCLUDED.body_hash, created_at = now()
       WHERE idempotency.status = 0
         AND idempotency.created_at < now() - interval '${ABANDONED_SECONDS} seconds'
       RETURNING key`,
      [key, user.id, c.req.method, c.req.path, bodyHash],
    )
    if (claimed.length === 1) break
    const [seen] = await db.query<Seen>(
      'SELECT status, response, body_hash, method, path FROM idempotency WHERE key = $1 AND user_id = $2',
      [key, user.id],
    )
    if (seen && seen.status > 0) return replay(seen)
    if (seen && (seen.body_hash !== bodyHash || seen.method !== c.req.method || seen.path !== c.req.path))
      return c.json(failure('This Idempotency-Key was used for another request'), 422)
    if (Date.now() - started > WAIT_MS)
      return c.json(failure('A request with this Idempotency-Key is still in progress; try again.'), 409)
    // Another request holds the key: its answer comes shortly (or its claim goes, and this one runs).
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const release = () =>
    db.query('DELETE FROM idempotency WHERE key = $1 AND user_id = $2 AND status = 0', [key, user.id])
  let answer: Answer
  try {
    answer = await run()
  } catch (error) {
    await release().catch(() => undefined)
    throw error
  }
  // Server faults are not final: the client may try again with the same key.
  if (answer.status >= 500) await release()
  else
    await db.query('UPDATE idempotency SET status = $3, response = $4 WHERE key = $1 AND user_id = $2', [
      key,
      user.id,
      answer.status,
      kept(answer.body),
    ])
  return c.json(answer.body as object, answer.status as 200)
}

/**
 * If-Match with the entity's updatedAt: a stale version gets 412 with the current entity. An entity
 * with a run state of its own (a task) is stale only when what the change touches changed since: its
 * definition, or its run state when the change sets it (`touched`, the fields of the body).
 */
export function staleVersion(
  c: Ctx,
  current: Entity,
  runState?: { fields: readonly string[]; touched: string[] },
): Answer | undefined {
  const expected = c.req.header('If-Match')?.replace(/^W\//, '').replace(/^"|"$/g, '')
  if (!expected || expected === '*' || expected === current.updatedAt) return undefined
  if (runState && !changedSince(current, expected, runState.touched, runState.fields)) return undefined
  return { status: 412, body: failure(MESSAGES.stale, { result: current }) }
}

export const notFound = (what: string, id: string): Answer => ({
  status: 404,
  body: failure(`${what} ${id} was not found`),
})

/** How often a write without If-Match reads again after another write came first. */
const RETRIES = 30

/**
 * The one write path of an update: read, check If-Match, build the new fields, and write them only if
 * the row is still what was read (Store.replace). When another write came first, an If-Match request
 * gets 412 with the entity as it now is; one without reads again and builds anew. `build` gets the
 * time of the write (the new updatedAt); `runState` makes a task's If-Match check what the change
 * touches (staleVersion).
 */
export async function updateEntity(
  c: Ctx,
  s: Store,
  id: string,
  label: string,
  userId: string,
  build: (current: Entity, at: string) => Promise<{ fields: Record<string, unknown> } | Answer>,
  runState?: { fields: readonly string[]; touched: string[] },
): Promise<{ entity: Entity; current: Entity } | Answer> {
  for (let attempt = 0; attempt < RETRIES; attempt += 1) {
    const { entity: current, at } = await s.getStamped(id, c.get('platform').now())
    if (!current) return notFound(label, id)
    const stale = staleVersion(c, current, runState)
    if (stale) return stale
    const built = await build(current, at)
    if (!('fields' in built)) return built
    const entity = await s.replace(current, built.fields, userId, at)
    if (entity) return { entity, current }
    // Lost the race: a short random pause, so that the writers that lost do not meet again at once.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)))
  }
  return { status: 409, body: failure('Others are changing this entity right now; try again.') }
}
