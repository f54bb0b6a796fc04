import { Hono } from 'hono'
import { z } from 'zod'
import { failure, ok } from '../../src/contract/envelope'
import { listQuerySchema } from '../../src/contract/list-query'
import { configOf, permissionsOf } from '../auth'
import type { Ctx, Vars } from '../context'
import { isPlatformAdmin, organizationsOf, route, userOf } from '../guard'
import { Store } from '../store'
import { parseWith } from '../validate'

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
