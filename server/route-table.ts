/**
 * Who may call each route of the API: the one table the guard reads. A route
 * registered without a rule here fails at start-up (see `route` in guard.ts), and the route-table test
 * fails for any route of the app that has none.
 *
 * - `public`: anyone, signed in or not.
 * - `user`: any signed-in user (their own profile, their own tokens, lists of names).
 * - `permission`: `type.action`, for the entity named by the path parameter `entity` (or the query
 *   parameter `entityQuery`); `self` names a path parameter that passes without it when it is the
 *   caller's own id (a user's own tokens and roles).
 * - `product`: the path parameter, or `body` for the body's productId, that names a product: changed
 *   only by a member of its publishing organization or a platform administrator (checked by the guard
 *   for a path parameter, by the handler for a body field, through the same `productGuard`).
 * - `task`: the path's `id` names a task, changed or run only by whoever may read it (else 404).
 * - `read` (every GET route has one; the route-table and read-isolation tests fail without it): what
 *   the route reads and whose it is, checked by the same guard after the permission (see `Read`).
 */
import type { CrudDeclaration } from '../src/contract/crud'
import { DECLARED } from './declared'

/**
 * Whose data a read route answers, and so who reads it (guard.ts; written out in docs/security.md):
 * - `open`: nothing an organization holds (configs, actions, protocols, data formats, applications):
 *   the permission alone decides.
 * - `own`: the caller's own (profile, organizations, roles, permissions, tokens).
 * - `product`: the path's `id` is a product; it and all it holds (meta, task, quality attributes, files
 *   and their content, used-by) are read by the members of its publishing organization and of the
 *   organizations it is shown to, by platform administrators, and by anyone when public. To anyone
 *   else it does not exist: 404.
 * - `products`: a list of products or of what they hold (quality attribute names, SOAP endpoints):
 *   only what `product` lets the caller read.
 * - `publisher`: the query's `productId` names a product whose credentials only its publisher's members
 *   (and administrators) read: 404 when the product is not readable, 403 when it is but is not theirs.
 * - `contracts`: contracts whose product's publisher or whose consumer is one of the caller's organizations.
 * - `task`, `tasks`: a task and its runs, the task list: a task runs for a product (productCode) and is read
 *   by that product's publishing organization's members, its creator and administrators; a task for
 *   no product by anyone with tasks.read. Another's task is not found (404).
 * - `org-scoped`: events, last errors and stats of the caller's organizations (administrators all).
 * - `stream`: the live stream of changes (server/live.ts): each change goes to the caller only when the
 *   rule above of the route that reads it lets them read it (`product`, `task`, `org-scoped`, ...).
 */
export type Read =
  | 'open'
  | 'own'
  | 'product'
  | 'products'
  | 'publisher'
  | 'contracts'
  | 'task'
  | 'tasks'
  | 'org-scoped'
  | 'stream'

export type Rule = (
  | { kind: 'public' }
  | { kind: 'user' }
  | {
      kind: 'permission'
      permission: string
      entity?: string
      entityQuery?: string
      self?: string
      product?: 'id' | 'body'
      /** The path's `id` is a task: changed or run only by whoever may read it (else 404). */
      task?: 'id'
      /** The purchase: the buying organization of the body must be one of the caller's. */
      buyer?: 'body'
    }
) & { read?: Read }

const PUBLIC: Rule = { kind: 'public' }
const USER: Rule = { kind: 'user' }
const can = (
  permission: string,
  more: Omit<Extract<Rule, { kind: 'permission' }>, 'kind' | 'permission'> = {},
) => ({ kind: 'permission', permission, ...more }) as Rule
/** A read route's rule with what it reads. */
const reads = (rule: Rule, read: Read): Rule => ({ ...rule, read })

const P = '/:env/products/:version{v[12]}'
const IP = '/:env/internal/products/:version{v[12]}'
const DF = '/:env/products/:version/data-formats'
const IDF = '/:env/internal/products/:version/data-formats'
const own = (action: string) => can(`tokens.${action}`, { self: 'userId', entity: 'userId' })
const product = (action: string) => can(`products.${action}`, { entity: 'id', product: 'id' })
/** A read of a product's part: products.read, and the product readable (else 404). */
const productPart = reads(can('products.read', { entity: 'id' }), 'product')

/** A declared resource's routes: its permission type's action, for the entity of the path's id. */
const declaredRules = (d: CrudDeclaration): Record<string, Rule> => {
  const one = `${d.path}/:id`
  return {
    [`GET /:env${d.path}`]: reads(can(`${d.permission}.read`), 'open'),
    [`GET /:env${one}`]: reads(can(`${d.permission}.read`, { entity: 'id' }), 'open'),
    [`POST /:env${d.path}`]: can(`${d.permission}.create`),
    [`PUT /:env${one}`]: can(`${d.permission}.update`, { entity: 'id' }),
    [`PATCH /:env${one}`]: can(`${d.permission}.update`, { entity: 'id' }),
    [`DELETE /:env${one}`]: can(`${d.permission}.delete`, { entity: 'id' }),
  }
}

export const ROUTE_RULES: Record<string, Rule> = {
  ...Object.assign({}, ...DECLARED.map(declaredRules)),
  // Platform
  'GET /:env/configs': reads(PUBLIC, 'open'),
  'GET /:env/me': reads(USER, 'own'),
  'GET /:env/auth/users/:userId/roles': reads(can('users.read', { self: 'userId' }), 'own'),
  'GET /:env/auth/users/:userId/permissions': reads(can('users.read', { self: 'userId' }), 'own'),
  // The caller's own organizations.
  'GET /:env/auth/organizations': reads(USER, 'own'),
  // The resources declared in contract/ (applications): see `declaredRules` below.

  // Data formats
  [`GET ${DF}`]: reads(can('data-formats.read'), 'open'),
  [`GET ${DF}/:id`]: reads(can('data-formats.read', { entity: 'id' }), 'open'),
  // The products using a format are counted for all, named only to those who may read them.
  [`GET ${DF}/:id/used-by`]: reads(can('data-formats.read', { entity: 'id' }), 'open'),
  [`POST ${IDF}`]: can('data-formats.create'),
  [`PUT ${IDF}/:id`]: can('data-formats.update', { entity: 'id' }),
  [`PATCH ${IDF}/:id`]: can('data-formats.update', { entity: 'id' }),
  [`DELETE ${IDF}/:id`]: can('data-formats.delete', { entity: 'id' }),

  // Tasks
  'GET /:env/actions': reads(USER, 'open'),
  'GET /:env/tasks': reads(can('tasks.read'), 'tasks'),
  'GET /:env/tasks/:id': reads(can('tasks.read', { entity: 'id' }), 'task'),
  'GET /:env/tasks/:id/runs': reads(can('tasks.read', { entity: 'id' }), 'task'),
  'POST /:env/tasks': can('tasks.create'),
  'PUT /:env/tasks/:id': can('tasks.update', { entity: 'id', task: 'id' }),
  'PUT /:env/tasks/:id/jobs': can('tasks.update', { entity: 'id', task: 'id' }),
  'DELETE /:env/tasks/:id': can('tasks.delete', { entity: 'id', task: 'id' }),
  'POST /:env/tasks/:id/:action': can('tasks.execute', { entity: 'id', task: 'id' }),

  // Events and monitoring
  'GET /:env/events': reads(can('events.read'), 'org-scoped'),
  'GET /:env/events/:id': reads(can('events.read'), 'org-scoped'),
  'GET /:env/stats': reads(can('events.read'), 'org-scoped'),
  'GET /:env/stats/organizations': reads(can('events.read'), 'org-scoped'),
  'GET /:env/getlasterrors': reads(can('events.read'), 'org-scoped'),
  // Every signed-in user may hold it; each change is filtered by the read rule of its own route.
  'GET /:env/live': reads(USER, 'stream'),
  'GET /:env/soap': reads(can('events.read'), 'products'),

  // Contracts, purchases and credentials
  'GET /:env/products/v2/contracts': reads(can('contracts.read', { entityQuery: 'productId' }), 'contracts'),
  'POST /:env/products/v2/contracts': can('contracts.create', { product: 'body' }),
  'POST /:env/products/v2/:id/purchase': can('purchases.create', { entity: 'id', buyer: 'body' }),
  'GET /:env/products/v2/auth-credentials': reads(
    can('products.read', { entityQuery: 'productId' }),
    'publisher',
  ),
  'POST /:env/products/v2/auth-credentials': can('products.update', { product: 'body' }),

  // Tokens: a user's own need no permission; another user's need tokens.{action} for that user.
  'GET /:env/internal/users/:userId/tokens': reads(own('read'), 'own'),
  'POST /:env/internal/users/:userId/tokens': own('create'),
  'POST /:env/internal/users/:userId/tokens/:id/renew': own('update'),
  'POST /:env/internal/users/:userId/tokens/:id/revoke': own('update'),
  'PATCH /:env/internal/users/:userId/tokens/:id': own('update'),
  'DELETE /:env/internal/users/:userId/tokens/:id': own('delete'),
  'GET /:env/:version{v[12]}/:userId/app-tokens': reads(own('read'), 'own'),
  'POST /:env/:version{v[12]}/:userId/app-tokens': own('create'),
  'POST /:env/:version{v[12]}/:userId/app-tokens/:id/renew': own('update'),
  'POST /:env/:version{v[12]}/:userId/app-tokens/:id/revoke': own('update'),
  'PATCH /:env/:version{v[12]}/:userId/app-tokens/:id': own('update'),
  'DELETE /:env/:version{v[12]}/:userId/app-tokens/:id': own('delete'),
  'POST /:env/:version{v[12]}/token/generate': USER,
  'POST /:env/:version{v[12]}/token/refresh': USER,

  // Products: the list and a product are public reads (anonymous visitors browse what is public);
  // parts need products.read. Each answers only what the caller may read (`product`).
  [`GET ${P}`]: reads(PUBLIC, 'products'),
  [`GET ${P}/:id`]: reads(PUBLIC, 'product'),
  [`GET ${P}/protocols`]: reads(PUBLIC, 'open'),
  [`GET ${P}/quality-attributes`]: reads(USER, 'products'),
  [`GET ${P}/:id/meta`]: productPart,
  [`GET ${P}/:id/task`]: productPart,
  [`GET ${P}/:id/used-by`]: productPart,
  [`GET ${P}/:id/quality-attributes`]: productPart,
  [`GET ${P}/:id/quality-attributes/:subId`]: productPart,
  [`GET ${P}/:id/files`]: productPart,
  [`GET ${P}/:id/files/:subId`]: productPart,
  [`POST ${IP}`]: can('products.create'),
  [`PATCH ${IP}/:id`]: product('update'),
  [`DELETE ${P}/:id`]: product('delete'),
  [`PUT ${P}/:id/meta`]: product('update'),
  [`PUT ${P}/:id/task`]: product('update'),
  [`POST ${P}/:id/quality-attributes`]: product('update'),
  [`DELETE ${P}/:id/quality-attributes/:subId`]: product('update'),
  [`POST ${P}/:id/files`]: product('update'),
  [`DELETE ${P}/:id/files/:subId`]: product('update'),
}

export const ruleKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`
