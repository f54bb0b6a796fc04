import type { Handler, Hono, MiddlewareHandler } from 'hono'
import { failure } from '../src/contract/envelope'
import { MESSAGES } from '../src/contract/messages'
import { permissionsNamed } from './auth'
import type { AuthUser, Ctx, Platform, Reader, Vars } from './context'
import { type Read, ROUTE_RULES, type Rule, ruleKey } from './route-table'
import { type Entity, Store } from './store'
import { notFound } from './writes'

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

export async function readerFor(c: Ctx, user: AuthUser | undefined): Promise<Reader> {
  if (!user) return { admin: false, organizations: [] }
  return { admin: isPlatformAdmin(user), userId: user.id, organizations: await organizationsOf(c, user) }
}

/** The reader of a read route, as its guard set it: a list handler filters with it. */
export function readerOf(c: Ctx): Reader {
  const reader = c.get('reader')
  if (!reader) throw new Error('read route without a reader: give it a `read` rule in server/route-table.ts')
  return reader
}

const visibilityOf = (item: Record<string, unknown>) =>
  (item.visibility ?? {}) as { type?: string; visibleTo?: unknown }

/**
 * The read rule of a product and all it holds: public to anyone; else to the members of its publishing
 * organization and of the organizations it is shown to (visibility.visibleTo), to the platform
 * administrator, and, without a publisher, to whoever created it.
 */
export function mayRead(reader: Reader, product: Record<string, unknown>): boolean {
  const visibility = visibilityOf(product)
  if ((visibility.type ?? 'public') === 'public' || reader.admin) return true
  const mine = new Set(reader.organizations)
  const publisher = product.publisherOrganizationId
  if (typeof publisher === 'string' && publisher) {
    if (mine.has(publisher)) return true
  } else if (reader.userId && product.createdBy === reader.userId) return true
  const shownTo = Array.isArray(visibility.visibleTo) ? visibility.visibleTo : []
  return shownTo.some((org) => typeof org === 'string' && mine.has(org))
}

/** The catalog items of `items` the caller may read (mayRead). */
export async function visibleItems<T extends Record<string, unknown>>(c: Ctx, items: T[]): Promise<T[]> {
  const reader = c.get('reader') ?? (await readerFor(c, c.get('user')))
  return items.filter((item) => mayRead(reader, item))
}

/** An SQL condition over rows of `entities`; `param` adds a value and names its placeholder. */
export type Condition = (param: (value: unknown) => string) => string

/** mayRead in SQL, for product rows of `entities` (as `alias`). */
export const readableProducts =
  (reader: Reader, alias = 'entities'): Condition =>
  (param) => {
    const publicOne = `coalesce(${alias}.data->'visibility'->>'type', 'public') = 'public'`
    if (reader.admin) return 'TRUE'
    if (!reader.userId) return `(${publicOne})`
    const orgs = param(reader.organizations)
    return `(${publicOne} OR ${alias}.organization_id = ANY(${orgs}::text[])
      OR (jsonb_typeof(${alias}.data->'visibility'->'visibleTo') = 'array' AND ${alias}.data->'visibility'->'visibleTo' ?| ${orgs}::text[])
      OR (${alias}.organization_id IS NULL AND ${alias}.created_by = ${param(reader.userId)}))`
  }

/**
 * Who reads a task: it runs for a product (its productCode), so the members of that product's publishing
 * organization read it, as do its creator and the platform administrator. A task for no product belongs
 * to no organization: anyone with tasks.read reads it.
 */
export const readableTasks =
  (reader: Reader, alias = 'entities'): Condition =>
  (param) => {
    if (reader.admin) return 'TRUE'
    return `(coalesce(${alias}.data->>'productCode', '') = '' OR ${alias}.created_by = ${param(reader.userId ?? '')}
      OR EXISTS (SELECT 1 FROM entities p WHERE p.env = ${alias}.env AND p.kind = 'product'
        AND p.code = ${alias}.data->>'productCode' AND p.organization_id = ANY(${param(reader.organizations)}::text[])))`
  }

async function mayReadTask(c: Ctx, reader: Reader, task: Entity): Promise<boolean> {
  if (reader.admin) return true
  const code = typeof task.productCode === 'string' ? task.productCode : ''
  if (!code || (reader.userId && task.createdBy === reader.userId)) return true
  const [product] = await c
    .get('platform')
    .db.query<{ organization_id: string | null }>(
      "SELECT organization_id FROM entities WHERE env = $1 AND kind = 'product' AND code = $2",
      [c.get('env'), code],
    )
  return !!product?.organization_id && reader.organizations.includes(product.organization_id)
}

/** Contracts whose product's publisher or whose consumer is one of the reader's organizations. */
export const readableContracts =
  (reader: Reader): Condition =>
  (param) => {
    if (reader.admin) return 'TRUE'
    const orgs = param(reader.organizations)
    return `(entities.data->>'consumerOrganizationId' = ANY(${orgs}::text[])
      OR EXISTS (SELECT 1 FROM entities p WHERE p.env = entities.env AND p.kind = 'product'
        AND p.id = entities.parent_id AND p.organization_id = ANY(${orgs}::text[])))`
  }

/** A contract the reader may read, given its product (mayRead of contracts, readableContracts in SQL). */
export const mayReadContract = (reader: Reader, contract: Entity, product: Entity | undefined) =>
  reader.admin ||
  reader.organizations.includes(String(contract.consumerOrganizationId ?? '')) ||
  (typeof product?.publisherOrganizationId === 'string' &&
    reader.organizations.includes(product.publisherOrganizationId))

/**
 * Events, last errors and stats of the reader's organizations (rows with an `organization_id`
 * column); a row of no organization is the administrator's, or its own user's (`userColumn`).
 */
export const ownOrganizations =
  (reader: Reader, userColumn?: string): Condition =>
  (param) => {
    if (reader.admin) return 'TRUE'
    const own =
      userColumn && reader.userId
        ? ` OR (organization_id IS NULL AND ${userColumn} = ${param(reader.userId)})`
        : ''
    return `(organization_id = ANY(${param(reader.organizations)}::text[])${own})`
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
 * One the caller may not even read is not found (404) for them either, as on reads.
 */
export async function productGuard(c: Ctx, user: AuthUser, productId: string): Promise<Answer | undefined> {
  if (isPlatformAdmin(user)) return undefined
  const product = await new Store(c.get('platform').db, c.get('env'), 'product').get(productId)
  if (!product) return undefined
  if (await mayChange(c, user, product)) return undefined
  return mayRead(await readerFor(c, user), product) ? denied() : notFound('Product', productId)
}

/** A task is changed, started or run only by whoever may read it (readableTasks); else 404. */
async function taskGuard(c: Ctx, user: AuthUser, taskId: string): Promise<Response | undefined> {
  // An administrator reads every task: nothing to look up (an unknown task is the handler's 404).
  if (isPlatformAdmin(user)) return undefined
  const task = await new Store(c.get('platform').db, c.get('env'), 'task').get(taskId)
  if (!task || (await mayReadTask(c, await readerFor(c, user), task))) return undefined
  return c.json(notFound('Task', taskId).body as object, 404)
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

/**
 * Checks a rule for the request: 401 without a user, 403 without the permission or membership; then
 * the read rule of a read route: what the caller may not read is not found (404), as if it did not
 * exist, so that no one learns another organization's private product or task by its id.
 */
export async function checkRule(c: Ctx, rule: Rule): Promise<Response | undefined> {
  const refused = await checkAccess(c, rule)
  if (refused || !rule.read) return refused
  const reader = await readerFor(c, c.get('user'))
  c.set('reader', reader)
  return readRefusal(c, reader, rule.read)
}

async function readRefusal(c: Ctx, reader: Reader, read: Read): Promise<Response | undefined> {
  const db = c.get('platform').db
  const env = c.get('env')
  if (read === 'product' || read === 'publisher') {
    const id = (read === 'product' ? c.req.param('id') : c.req.query('productId')) ?? ''
    const product = await new Store(db, env, 'product').get(id)
    // An unknown product passes: the handler says 404 (or answers an empty result) in its own words.
    if (!product) return undefined
    if (!mayRead(reader, product)) return c.json(notFound('Product', id).body as object, 404)
    const user = c.get('user')
    if (read === 'publisher' && user && !reader.admin && !(await mayChange(c, user, product)))
      return c.json(failure(MESSAGES.accessDenied), 403)
  }
  if (read === 'task') {
    const id = c.req.param('id') ?? ''
    const task = await new Store(db, env, 'task').get(id)
    if (task && !(await mayReadTask(c, reader, task))) return c.json(notFound('Task', id).body as object, 404)
  }
  return undefined
}

async function checkAccess(c: Ctx, rule: Rule): Promise<Response | undefined> {
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
    if (refused) return c.json(refused.body as object, refused.status as 403 | 404)
  }
  if (rule.task === 'id') {
    const refused = await taskGuard(c, user, c.req.param('id') ?? '')
    if (refused) return refused
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
