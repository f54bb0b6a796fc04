import { randomInt, randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { failure, ok } from '../../src/contract/envelope'
import {
  RENEW_HOURS,
  tokenCreateSchema,
  tokenRefreshSchema,
  tokenRenewSchema,
  tokenUpdateSchema,
} from '../../src/contract/token'
import { hashToken, userById } from '../auth'
import type { AuthUser, Ctx, Vars } from '../context'
import { writeEvent } from '../events'
import { route, userOf } from '../guard'
import { jsonBody, parseBody } from '../validate'
import { idempotent } from '../writes'

/** Personal access tokens on both paths (internal users, app-tokens); the caller's generate and refresh. */
export const tokens = new Hono<{ Variables: Vars }>()

interface Row {
  id: string
  user_id: string
  data: Record<string, unknown>
}
type Answer = { status: number; body: unknown }

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** 32 characters drawn uniformly (randomInt has no modulo bias). */
const newToken = () => `otk_${Array.from({ length: 32 }, () => BASE62[randomInt(62)]).join('')}`

function view(row: Row, now: number) {
  const expired = typeof row.data.expirationDate === 'string' && Date.parse(row.data.expirationDate) < now
  const status = row.data.status === 'revoked' ? 'revoked' : expired ? 'expired' : 'active'
  return { id: row.id, kind: 'personal', primary: false, secondary: false, ...row.data, status }
}

/**
 * A user manages their own tokens. Another user's tokens act as that user, so they need an explicit
 * tokens.{action} grant for that user (ROUTE_RULES); the user must exist.
 */
async function owner(c: Ctx): Promise<AuthUser | Response> {
  const user = userOf(c)
  const userId = c.req.param('userId') ?? user.id
  if (userId === user.id) return user
  if (!(await userById(c.get('platform'), userId)))
    return c.json(failure(`User ${userId} was not found`), 404)
  return user
}

const rows = (c: Ctx, userId: string) =>
  c
    .get('platform')
    .db.query<Row>(
      "SELECT id, user_id, data FROM tokens WHERE user_id = $1 ORDER BY data->>'createdAt' DESC NULLS LAST, id",
      [userId],
    )

const notFuture = (c: Ctx, date: string | undefined): Answer | undefined =>
  date !== undefined && Date.parse(date) <= c.get('platform').now()
    ? {
        status: 400,
        body: failure('expirationDate: must be in the future', {
          issues: [{ path: 'expirationDate', message: 'must be in the future' }],
        }),
      }
    : undefined

const DAY_MS = 86_400_000

/**
 * A personal or developer token lives at most `tokenMaxDays` (TOKEN_MAX_DAYS, a year by default) from
 * its creation: a later expiration is refused with a field message.
 */
function tooLong(c: Ctx, date: string | undefined, createdAt: string | undefined): Answer | undefined {
  if (date === undefined) return undefined
  const days = c.get('platform').tokenMaxDays
  const from = createdAt ? Date.parse(createdAt) : c.get('platform').now()
  if (Date.parse(date) <= from + days * DAY_MS) return undefined
  const message = `must be at most ${days} days after the token was created`
  return {
    status: 400,
    body: failure(`expirationDate: ${message}`, { issues: [{ path: 'expirationDate', message }] }),
  }
}

const tokenEvent = (c: Ctx, user: AuthUser, id: string, type: string, message: string) =>
  writeEvent(c.get('platform'), c.get('env'), user, {
    type,
    message,
    targetType: 'token',
    targetEntityId: id,
    category: 'auth',
    actionMethod: c.req.method,
  })

async function create(c: Ctx, user: AuthUser, userId: string, body: unknown): Promise<Answer> {
  const input = parseBody(tokenCreateSchema, body)
  if (!input.ok) return input
  const past = notFuture(c, input.data.expirationDate) ?? tooLong(c, input.data.expirationDate, undefined)
  if (past) return past
  const existing = await rows(c, userId)
  const value = newToken()
  const primary = !existing.some((r) => r.data.primary === true)
  const data = {
    name: input.data.name,
    expirationDate: input.data.expirationDate,
    status: 'active',
    kind: 'personal',
    shortValue: `${value.slice(0, 4)}…${value.slice(-4)}`,
    primary,
    secondary: !primary,
    createdAt: new Date(c.get('platform').now()).toISOString(),
  }
  const id = randomUUID()
  await c
    .get('platform')
    .db.query('INSERT INTO tokens (id, user_id, token_hash, data) VALUES ($1, $2, $3, $4)', [
      id,
      userId,
      hashToken(value),
      data,
    ])
  await tokenEvent(c, user, id, 'TOKEN_CREATED', `Token ${input.data.name} created`)
  // The full value is shown once, here; only its hash is kept.
  return { status: 201, body: ok({ id, ...data, fullValue: value }) }
}

/**
 * What an idempotent replay of a creation answers: the token without its value, which only the
 * first answer carried (the idempotency record keeps no secret). A lost first answer means a token
 * nobody holds: the user revokes it and generates another.
 */
export function withoutValue(body: unknown): unknown {
  const answer = body as { result?: { fullValue?: unknown } }
  if (!answer?.result || typeof answer.result !== 'object' || !('fullValue' in answer.result)) return body
  const { fullValue: _shownOnce, ...token } = answer.result
  return {
    ...answer,
    result: token,
    message:
      'This token was created by the first request with this Idempotency-Key; its value was shown only then.',
  }
}

/** Changes one token of a user; `refuse` may turn the change down for the token as it is. */
async function change(
  c: Ctx,
  user: AuthUser,
  userId: string,
  id: string,
  changes: Record<string, unknown>,
  type: string,
  refuse?: (row: Row) => Answer | undefined,
  fromRow?: (row: Row) => Record<string, unknown>,
): Promise<Answer> {
  const db = c.get('platform').db
  const [row] = await db.query<Row>('SELECT id, user_id, data FROM tokens WHERE id = $1 AND user_id = $2', [
    id,
    userId,
  ])
  if (!row) return { status: 404, body: failure(`Token ${id} was not found`) }
  if (fromRow) Object.assign(changes, fromRow(row))
  const refused =
    refuse?.(row) ??
    tooLong(
      c,
      changes.expirationDate as string | undefined,
      typeof row.data.createdAt === 'string' ? row.data.createdAt : undefined,
    )
  if (refused) return refused
  const data = { ...row.data, ...changes }
  await db.query('UPDATE tokens SET data = $2 WHERE id = $1', [id, data])
  await tokenEvent(c, user, id, type, `Token ${String(data.name)} ${type.split('_')[1]?.toLowerCase()}`)
  return { status: 200, body: ok(view({ ...row, data }, c.get('platform').now())) }
}

/**
 * Renew sets the given expiration (within the maximum lifetime, a field message otherwise); without
 * one, 24 hours from now, or the current expiration when that is later: a renewal never shortens a
 * token by default. A revoked token stays revoked.
 */
function renew(c: Ctx, user: AuthUser, userId: string, id: string, given: string | undefined) {
  const dayAhead = c.get('platform').now() + RENEW_HOURS * 3_600_000
  return change(
    c,
    user,
    userId,
    id,
    {},
    'TOKEN_RENEWED',
    (row) =>
      row.data.status === 'revoked'
        ? { status: 409, body: failure('A revoked token cannot be renewed; generate a new one') }
        : undefined,
    (row) => {
      if (given !== undefined) return { expirationDate: given }
      const current = typeof row.data.expirationDate === 'string' ? Date.parse(row.data.expirationDate) : 0
      return { expirationDate: new Date(Math.max(dayAhead, current)).toISOString() }
    },
  )
}

/** Path parameters of the routes registered in the loop below (always present there). */
const param = (c: Ctx, name: 'userId' | 'id') => c.req.param(name) ?? ''

for (const base of ['/:env/internal/users/:userId/tokens', '/:env/:version{v[12]}/:userId/app-tokens']) {
  route(tokens, 'get', base, async (c) => {
    const user = await owner(c)
    if (user instanceof Response) return user
    const list = (await rows(c, param(c, 'userId'))).map((r) => view(r, c.get('platform').now()))
    return c.json({
      ...ok({ itemList: list }),
      pagination: { totalCount: list.length, limit: list.length, offset: 0 },
    })
  })
  route(tokens, 'post', base, async (c) => {
    const user = await owner(c)
    if (user instanceof Response) return user
    const body = await jsonBody(c.req.raw)
    return idempotent(c, user, body, () => create(c, user, param(c, 'userId'), body), withoutValue)
  })
  route(tokens, 'post', `${base}/:id/renew`, async (c) => {
    const user = await owner(c)
    if (user instanceof Response) return user
    const body = await jsonBody(c.req.raw)
    return idempotent(c, user, body, async () => {
      const input = parseBody(tokenRenewSchema, body ?? {})
      if (!input.ok) return input
      const past = notFuture(c, input.data.expirationDate)
      if (past) return past
      return renew(c, user, param(c, 'userId'), param(c, 'id'), input.data.expirationDate)
    })
  })
  route(tokens, 'post', `${base}/:id/revoke`, async (c) => {
    const user = await owner(c)
    if (user instanceof Response) return user
    return idempotent(c, user, null, () =>
      change(c, user, param(c, 'userId'), param(c, 'id'), { status: 'revoked' }, 'TOKEN_REVOKED'),
    )
  })
  route(tokens, 'patch', `${base}/:id`, async (c) => {
    const user = await owner(c)
    if (user instanceof Response) return user
    const body = await jsonBody(c.req.raw)
    return idempotent(c, user, body, async () => {
      const input = parseBody(tokenUpdateSchema, body)
      if (!input.ok) return input
      const past = notFuture(c, input.data.expirationDate)
      if (past) return past
      return change(c, user, param(c, 'userId'), param(c, 'id'), input.data, 'TOKEN_UPDATED')
    })
  })
  route(tokens, 'delete', `${base}/:id`, async (c) => {
    const user = await owner(c)
    if (user instanceof Response) return user
    const id = param(c, 'id')
    return idempotent(c, user, null, async () => {
      const removed = await c
        .get('platform')
        .db.query<{ id: string }>('DELETE FROM tokens WHERE id = $1 AND user_id = $2 RETURNING id', [
          id,
          param(c, 'userId'),
        ])
      if (removed.length === 0) return { status: 404, body: failure(`Token ${id} was not found`) }
      await tokenEvent(c, user, id, 'TOKEN_REMOVED', 'Token removed')
      return { status: 200, body: ok({ id }) }
    })
  })
}

/** Token generate and refresh for the calling user (/{version}/token/...). */
route(tokens, 'post', '/:env/:version{v[12]}/token/generate', async (c) => {
  const user = userOf(c)
  const body = await jsonBody(c.req.raw)
  return idempotent(c, user, body, () => create(c, user, user.id, body), withoutValue)
})
route(tokens, 'post', '/:env/:version{v[12]}/token/refresh', async (c) => {
  const user = userOf(c)
  const body = await jsonBody(c.req.raw)
  return idempotent(c, user, body, async () => {
    const input = parseBody(tokenRefreshSchema, body)
    if (!input.ok) return input
    const past = notFuture(c, input.data.expirationDate)
    if (past) return past
    return renew(c, user, user.id, input.data.tokenId, input.data.expirationDate)
  })
})
