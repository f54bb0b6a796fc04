import { Hono } from 'hono'
import { z } from 'zod'
import { failure, ok } from '../../src/contract/envelope'
import { listQuerySchema } from '../../src/contract/list-query'
import { requiredText } from '../../src/contract/rules'
import { configOf, permissionsOf } from '../auth'
import { type Ctx, stamp, type Vars } from '../context'
import { writeEvent } from '../events'
import { isPlatformAdmin, organizationsOf, route, userOf } from '../guard'
import { Store } from '../store'
import { jsonBody, parseBody, parseWith } from '../validate'
import { idempotent, notFound, updateEntity } from '../writes'

export const platformRoutes = new Hono<{ Variables: Vars }>()

/** Configs of the environment (public): the orchestrator auth flag and application ids. */
route(platformRoutes, 'get', '/:env/configs', async (c) =>
  c.json(ok(await configOf(c.get('platform'), c.get('env')))),
)

async function profile(c: Ctx) {
  const user = userOf(c)
  const platform = c.get('platform')
  const applications = await new Store(platform.db, c.get('env'), 'application').list({
    limit: 100,
    offset: 0,
  })
  return c.json(
    ok({
      ...user,
      permissions: await permissionsOf(platform, user.id),
      applications: applications.items.map((a) => ({ id: a.id, name: a.name })),
    }),
  )
}
route(platformRoutes, 'get', '/:env/me', profile)

route(platformRoutes, 'get', '/:env/auth/users/:userId/roles', async (c) => {
  const [row] = await c
    .get('platform')
    .db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [c.req.param('userId') ?? ''])
  if (!row) return c.json(failure('User not found'), 404)
  return c.json(ok([{ id: row.role, name: row.role }]))
})

route(platformRoutes, 'get', '/:env/auth/users/:userId/permissions', async (c) => {
  return c.json(ok(await permissionsOf(c.get('platform'), c.req.param('userId') ?? '')))
})

/** The caller's organizations; a platform administrator's are all of them. */
route(platformRoutes, 'get', '/:env/auth/organizations', async (c) => {
  const user = userOf(c)
  const query = parseWith(
    listQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(1000).default(1000) }),
    c.req.query(),
  )
  if (!query.ok) return c.json(query.body, 400)
  const { items, totalCount } = await new Store(c.get('platform').db, c.get('env'), 'organization').list({
    ...query.data,
    ids: isPlatformAdmin(user) ? undefined : await organizationsOf(c, user),
    sort: { field: 'name', direction: 'asc' },
  })
  return c.json(ok(items, { totalCount, limit: query.data.limit, offset: query.data.offset }))
})

const applicationSchema = z.object({
  name: requiredText().max(200),
  description: z.string().max(2000).optional().default(''),
})
const applications = (c: Ctx) => new Store(c.get('platform').db, c.get('env'), 'application')

route(platformRoutes, 'get', '/:env/auth/applications', async (c) => {
  const query = parseWith(listQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const { items, totalCount } = await applications(c).list({
    ...query.data,
    sort: { field: 'name', direction: 'asc' },
  })
  return c.json(ok(items, { totalCount, limit: query.data.limit, offset: query.data.offset }))
})

route(platformRoutes, 'get', '/:env/auth/applications/:id', async (c) => {
  const id = c.req.param('id') ?? ''
  const entity = await applications(c).get(id)
  return entity ? c.json(ok(entity)) : c.json(notFound('Application', id).body as object, 404)
})

route(platformRoutes, 'post', '/:env/auth/applications', async (c) => {
  const user = userOf(c)
  const body = await jsonBody(c.req.raw)
  return idempotent(c, user, body, async () => {
    const input = parseBody(applicationSchema, body)
    if (!input.ok) return input
    const entity = await applications(c).insert(input.data, user.id, stamp(c.get('platform').now()))
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: 'APPLICATION_CREATED',
      message: `Application ${entity.name} created`,
      targetType: 'application',
      targetEntityId: entity.id,
      category: 'applications',
      actionMethod: 'POST',
    })
    return { status: 201, body: ok(entity) }
  })
})

for (const method of ['put', 'patch'] as const) {
  route(platformRoutes, method, '/:env/auth/applications/:id', async (c) => {
    const id = c.req.param('id') ?? ''
    const user = userOf(c)
    const body = await jsonBody(c.req.raw)
    return idempotent(c, user, body, async () => {
      const written = await updateEntity(c, applications(c), id, 'Application', user.id, async (current) => {
        const input = parseBody(method === 'put' ? applicationSchema : applicationSchema.partial(), body)
        if (!input.ok) return input
        return { fields: { ...current, ...input.data } }
      })
      if (!('entity' in written)) return written
      const { entity } = written
      await writeEvent(c.get('platform'), c.get('env'), user, {
        type: 'APPLICATION_UPDATED',
        message: `Application ${entity.name} updated`,
        targetType: 'application',
        targetEntityId: id,
        category: 'applications',
        actionMethod: method.toUpperCase(),
      })
      return { status: 200, body: ok(entity) }
    })
  })
}

route(platformRoutes, 'delete', '/:env/auth/applications/:id', async (c) => {
  const id = c.req.param('id') ?? ''
  const user = userOf(c)
  return idempotent(c, user, null, async () => {
    const current = await applications(c).get(id)
    if (!current) return notFound('Application', id)
    await applications(c).remove(id)
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: 'APPLICATION_DELETED',
      message: `Application ${String(current.name)} deleted`,
      targetType: 'application',
      targetEntityId: id,
      category: 'applications',
      actionMethod: 'DELETE',
    })
    return { status: 200, body: ok({ id }) }
  })
})
