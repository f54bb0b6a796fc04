import type { Handler, Hono, MiddlewareHandler } from 'hono'
import { failure } from '../src/contract/envelope'
import { MESSAGES } from '../src/contract/messages'
import { permissionsNamed } from './auth'
import type { AuthUser, Ctx, Platform, Vars } from './context'
import { ROUTE_RULES, type Rule, ruleKey } from './route-table'
import { type Entity, Store } from './store'

type Answer = { status: number; body: unknown }
type App = Hono<{ Variables: Vars }>
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** A platform administrator acts in every organization (the demo admin). */
export const isPlatformAdmin = (user: AuthUser) => user.role === 'admin'

/** The organizations a user belongs to (memberships), read once per request. */
export async function organizationsOf(c: Ctx, user: AuthUser): Promise<string[]> {
  const cached = c.get('memberships')
  if (cached) return cached
  const rows = await c
    .get('platform')
    .db.query<{ organization_id: string }>(
      'SELECT organization_id FROM memberships WHERE user_id = $1 ORDER BY organization_id',
      [user.id],
    )
  const orgs = rows.map((r) => r.organization_id)
  c.set('memberships', orgs)
  return orgs
}

/**
 * The catalog items of `items` a user may see: a public one, one an organization of theirs publishes
 * or is shown to; the platform administrator sees them all.
 */
export async function visibleItems<T extends Record<string, unknown>>(c: Ctx, items: T[]): Promise<T[]> {
  const user = userOf(c)
  if (isPlatformAdmin(user)) return items
  const mine = new Set(await organizationsOf(c, user))
  return items.filter((item) => {
    const visibility = item.visibility as { type?: string; visibleTo?: string[] } | undefined
    if ((visibility?.type ?? 'public') === 'public') return true
    if (typeof item.publisherOrganizationId === 'string' && mine.has(item.publisherOrganizationId))
      return true
    return (visibility?.visibleTo ?? []).some((org) => mine.has(org))
  })
}

export async function memberOf(c: Ctx, user: AuthUser, organizationId: string): Promise<boolean> {
  return isPlatformAdmin(user) || (await organizationsOf(c, user)).includes(organizationId)
}

const denied = (message: string = MESSAGES.accessDenied): Answer => ({ status: 403, body: failure(message) })

/** The platform's check, in every environment: a permission `type.action` for this entity (or none) and application. */
export async function hasPermission(
  platform: Platform,
  env: string,
  user: AuthUser,
  name: string,
  entityId?: string,
): Promise<boolean> {
  return (await permissionsNamed(platform, env, user.id, name.toLowerCase())).some(
    (p) => (p.entityId === null || p.entityId === entityId) && (p.applicationId ?? p.app) === p.app,
  )
}

/**
 * A product is changed only by a member of its publishing organization or a platform administrator;
 * one without a publisher, only by whoever created it. An unknown product passes: the handler says 404.
 */
export async function productGuard(c: Ctx, user: AuthUser, productId: string): Promise<Answer | undefined> {
  if (isPlatformAdmin(user)) return undefined
  const product = await new Store(c.get('platform').db, c.get('env'), 'product').get(productId)
  if (!product) return undefined
  return (await mayChange(c, user, product)) ? undefined : denied()
}

async function mayChange(c: Ctx, user: AuthUser, product: Entity): Promise<boolean> {
  const publisher = product.publisherOrganizationId
  if (typeof publisher === 'string' && publisher) return memberOf(c, user, publisher)
  return product.createdBy === user.id
}

/** The publisher of a new or changed product must be one of the caller's organizations. */
export async function publisherGuard(
  c: Ctx,
  user: AuthUser,
  organizationId: string | undefined,
): Promise<Answer | undefined> {
  if (!organizationId || (await memberOf(c, user, organizationId))) return undefined
  return denied('publisherOrganizationId: you are not a member of this organization')
}

/** Checks a rule for the request: 401 without a user, 403 without the permission or membership. */
export async function checkRule(c: Ctx, rule: Rule): Promise<Response | undefined> {
  if (rule.kind === 'public') return undefined
  const user = c.get('user')
  if (!user) return c.json(failure(MESSAGES.unauthorized), 401)
  if (rule.kind === 'user') return undefined
  const selfId = rule.self ? c.req.param(rule.self) : undefined
  if (!(selfId !== undefined && selfId === user.id)) {
    const entityId = rule.entity
      ? c.req.param(rule.entity)
      : rule.entityQuery
        ? c.req.query(rule.entityQuery)
        : undefined
    if (!(await hasPermission(c.get('platform'), c.get('env'), user, rule.permission, entityId)))
      return c.json(failure(MESSAGES.accessDenied), 403)
  }
  if (rule.product === 'id') {
    const refused = await productGuard(c, user, c.req.param('id') ?? '')
    if (refused) return c.json(refused.body as object, 403)
  }
  return undefined
}

const guard =
  (rule: Rule): MiddlewareHandler<{ Variables: Vars }> =>
  async (c, next) => {
    const refused = await checkRule(c, rule)
    if (refused) return refused
    await next()
  }

/**
 * Registers a route with the guard of its rule in ROUTE_RULES, ahead of the handler: permission and
 * membership are checked before the body is read. A route without a rule is a start-up error.
 */
export function route<P extends string>(
  app: App,
  method: Method,
  path: P,
  handler: Handler<{ Variables: Vars }, P>,
) {
  const rule = ROUTE_RULES[ruleKey(method, path)]
  if (!rule) throw new Error(`No rule for ${ruleKey(method, path)} in server/route-table.ts`)
  app.on(method.toUpperCase(), path, guard(rule), handler as Handler<{ Variables: Vars }>)
}

/** The user of a guarded route (the guard has refused anonymous callers of non-public routes). */
export const userOf = (c: Ctx): AuthUser => {
  const user = c.get('user')
  if (!user) throw new Error('guarded route without a user')
  return user
}
