import { createHash } from 'node:crypto'
import { failure } from '../src/contract/envelope'
import { MESSAGES } from '../src/contract/messages'
import type { AuthUser, Ctx } from './context'
import { changedSince } from './run-state'
import type { Entity } from './store'

type Answer = { status: number; body: unknown }

/**
 * Runs a write once per Idempotency-Key: a repeated key gets the first answer and changes nothing;
 * the same key with another body is refused (422).
 */
export async function idempotent(
  c: Ctx,
  user: AuthUser,
  body: unknown,
  run: () => Promise<Answer>,
): Promise<Response> {
  const key = c.req.header('Idempotency-Key')
  if (!key) {
    const answer = await run()
    return c.json(answer.body as object, answer.status as 200)
  }
  if (key.length > 200) return c.json(failure('Idempotency-Key is too long'), 400)
  const db = c.get('platform').db
  const bodyHash = createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex')
  const [seen] = await db.query<{
    status: number
    response: unknown
    body_hash: string
    method: string
    path: string
  }>('SELECT status, response, body_hash, method, path FROM idempotency WHERE key = $1 AND user_id = $2', [
    key,
    user.id,
  ])
  if (seen) {
    if (seen.body_hash !== bodyHash || seen.method !== c.req.method || seen.path !== c.req.path) {
      return c.json(failure('This Idempotency-Key was used for another request'), 422)
    }
    c.header('Idempotent-Replayed', 'true')
    return c.json(seen.response as object, seen.status as 200)
  }
  const answer = await run()
  // Server faults are not final: the client may try again with the same key.
  if (answer.status < 500) {
    await db.query(
      'INSERT INTO idempotency (key, user_id, method, path, body_hash, status, response) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING',
      [key, user.id, c.req.method, c.req.path, bodyHash, answer.status, answer.body],
    )
  }
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
