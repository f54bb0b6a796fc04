import { randomBytes, randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { failure, ok } from '../../src/contract/envelope'
import {
  RENEW_HOURS,
  tokenCreateSchema,
  tokenRefreshSchema,
  tokenRenewSchema,
  tokenUpdateSchema,
} from '../../src/contract/token'
import { hashToken, requirePermission, requireUser } from '../auth'
import type { AuthUser, Ctx, Vars } from '../context'
import { writeEvent } from '../events'
import { isInvalidJson, jsonBody, parseWith } from '../validate'
import { idempotent } from '../writes'

export const tokens = new Hono<{ Variables: Vars }>()

interface Row {
  id: string
  user_id: string
  data: Record<string, unknown>
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const newToken = () => `otk_${Array.from(randomBytes(32), (b) => BASE62[b % 62]).join('')}`

function view(row: Row, now: number) {
  const expired = typeof row.data.expirationDate === 'string' && Date.parse(row.data.expirationDate) < now
  const status = row.data.status === 'revoked' ? 'revoked' : expired ? 'expired' : 'active'
  return { id: row.id, ...row.data, status }
}

/** A user manages their own tokens; another user's tokens are user administration (users.update). */
async function owner(c: Ctx): Promise<AuthUser | Response> {
  const user = requireUser(c)
  if (user instanceof Response) return user
  const userId = c.req.param('userId') ?? user.id
  return userId === user.id ? user : requirePermission(c, 'users', 'update')
}

async function rows(c: Ctx, userId: string): Promise<Row[]> {
  return c
    .get('platform')
    .db.query<Row>(
      "SELECT id, user_id, data FROM tokens WHERE user_id = $1 ORDER BY data->>'createdAt' DESC NULLS LAST",
      [userId],
    )
}

async function create(
  c: Ctx,
  user: AuthUser,
  userId: string,
  input: { name: string; expirationDate: string },
) {
  const existing = await rows(c, userId)
  const value = newToken()
  const data = {
    name: input.name,
    expirationDate: input.expirationDate,
    status: 'active',
    shortValue: `${value.slice(0, 4)}…${value.slice(-4)}`,
    primary: existing.every((r) => r.data.kind === 'developer'),
    secondary: existing.some((r) => r.data.primary === true),
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
  await writeEvent(c.get('platform'), c.get('env'), user, {
    type: 'TOKEN_CREATED',
    message: `Token ${input.name} created`,
    targetType: 'token',
    targetEntityId: id,
    category: 'auth',
    actionMethod: 'POST',
  })
  return { id, ...data, fullValue: value }
}

async function change(
  c: Ctx,
  user: AuthUser,
  userId: string,
  id: string,
  patch: Record<string, unknown>,
  type: string,
) {
  const db = c.get('platform').db
  const [row] = await db.query<Row>('SELECT id, user_id, data FROM tokens WHERE id = $1 AND user_id = $2', [
    id,
    userId,
  ])
  if (!row) return { status: 404, body: failure(`Token ${id} was not found`) }
  const data = { ...row.data, ...patch }
  await db.query('UPDATE tokens SET data = $2 WHERE id = $1', [id, data])
  await writeEvent(c.get('platform'), c.get('env'), user, {
    type,
    message: `Token ${String(data.name)} ${type.split('_')[1]?.toLowerCase()}`,
    targetType: 'token',
    targetEntityId: id,
    category: 'auth',
    actionMethod: c.req.method,
  })
  return { status: 200, body: ok(view({ ...row, data }, c.get('platform').now())) }
}

/** Path parameters of the routes registered in the loop below (always present there). */
const param = (c: Ctx, name: 'userId' | 'id') => c.req.param(name) ?? ''

const renewDate = (c: Ctx, given?: string) =>
  given ?? new Date(c.get('platform').now() + RENEW_HOURS * 3_600_000).toISOString()

/** The same token calls under the two paths of SPEC §7. */
for (const base of ['/:env/internal/users/:userId/tokens', '/:env/:version/:userId/app-tokens']) {
  tokens.get(base, async (c) => {
    const user = await owner(c)
    if (user instanceof Response) return user
    const list = (await rows(c, param(c, 'userId'))).map((r) => view(r, c.get('platform').now()))
    return c.json({
      ...ok({ itemList: list }),
      pagination: { totalCount: list.length, limit: list.length, offset: 0 },
    })
  })
  tokens.post(base, async (c) => {
    const user = await owner(c)
    if (user instanceof Response) return user
    const body = await jsonBody(c.req.raw)
    return idempotent(c, user, body, async () => {
      const input = parseWith(tokenCreateSchema, isInvalidJson(body) ? undefined : body)
      if (!input.ok) return input
      if (Date.parse(input.data.expirationDate) <= c.get('platform').now())
        return { status: 400, body: failure('expirationDate must be in the future') }
      return { status: 201, body: ok(await create(c, user, param(c, 'userId'), input.data)) }
    })
  })
  tokens.post(`${base}/:id/renew`, async (c) => {
    const user = await owner(c)
    if (user instanceof Response) return user
    const body = await jsonBody(c.req.raw)
    const input = parseWith(tokenRenewSchema, isInvalidJson(body) ? undefined : (body ?? {}))
    if (!input.ok) return c.json(input.body, 400)
    const answer = await change(
      c,
      user,
      param(c, 'userId'),
      param(c, 'id'),
      { expirationDate: renewDate(c, input.data.expirationDate), status: 'active' },
      'TOKEN_RENEWED',
    )
    return c.json(answer.body, answer.status as 200)
  })
  tokens.post(`${base}/:id/revoke`, async (c) => {
    const user = await owner(c)
    if (user instanceof Response) return user
    const answer = await change(
      c,
      user,
      param(c, 'userId'),
      param(c, 'id'),
      { status: 'revoked' },
      'TOKEN_REVOKED',
    )
    return c.json(answer.body, answer.status as 200)
  })
  tokens.patch(`${base}/:id`, async (c) => {
    const user = await owner(c)
    if (user instanceof Response) return user
    const body = await jsonBody(c.req.raw)
    const input = parseWith(tokenUpdateSchema, isInvalidJson(body) ? undefined : body)
    if (!input.ok) return c.json(input.body, 400)
    const answer = await change(c, user, param(c, 'userId'), param(c, 'id'), input.data, 'TOKEN_UPDATED')
    return c.json(answer.body, answer.status as 200)
  })
  tokens.delete(`${base}/:id`, async (c) => {
    const user = await owner(c)
    if (user instanceof Response) return user
    const removed = await c
      .get('platform')
      .db.query<{ id: string }>('DELETE FROM tokens WHERE id = $1 AND user_id = $2 RETURNING id', [
        param(c, 'id'),
        param(c, 'userId'),
      ])
    if (removed.length === 0) return c.json(failure(`Token ${param(c, 'id')} was not found`), 404)
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: 'TOKEN_REMOVED',
      message: 'Token removed',
      targetType: 'token',
      targetEntityId: param(c, 'id'),
      category: 'auth',
      actionMethod: 'DELETE',
    })
    return c.json(ok({ id: param(c, 'id') }))
  })
}

/** Token generate and refresh for the calling user (SPEC §7 /{version}/token/...). */
tokens.post('/:env/:version/token/generate', async (c) => {
  const user = requireUser(c)
  if (user instanceof Response) return user
  const body = await jsonBody(c.req.raw)
  return idempotent(c, user, body, async () => {
    const input = parseWith(tokenCreateSchema, isInvalidJson(body) ? undefined : body)
    if (!input.ok) return input
    return { status: 201, body: ok(await create(c, user, user.id, input.data)) }
  })
})
tokens.post('/:env/:version/token/refresh', async (c) => {
  const user = requireUser(c)
  if (user instanceof Response) return user
  const body = await jsonBody(c.req.raw)
  const input = parseWith(tokenRefreshSchema, isInvalidJson(body) ? undefined : body)
  if (!input.ok) return c.json(input.body, 400)
  const answer = await change(
    c,
    user,
    user.id,
    input.data.tokenId,
    { expirationDate: renewDate(c, input.data.expirationDate), status: 'active' },
    'TOKEN_RENEWED',
  )
  return c.json(answer.body, answer.status as 200)
})
