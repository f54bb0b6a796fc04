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
 */
import type { CrudDeclaration } from '../src/contract/crud'
import { DECLARED } from './declared'

export type Rule =
  | { kind: 'public' }
  | { kind: 'user' }
  | {
      kind: 'permission'
      permission: string
      entity?: string
      entityQuery?: string
      self?: string
      product?: 'id' | 'body'
      /** The purchase: the buying organization of the body must be one of the caller's. */
      buyer?: 'body'
    }

const PUBLIC: Rule = { kind: 'public' }
const USER: Rule = { kind: 'user' }
const can = (
  permission: string,
  more: Omit<Extract<Rule, { kind: 'permission' }>, 'kind' | 'permission'> = {},
) => ({ kind: 'permission', permission, ...more }) as Rule

const P = '/:env/products/:version{v[12]}'
const IP = '/:env/internal/products/:version{v[12]}'
const DF = '/:env/products/:version/data-formats'
const IDF = '/:env/internal/products/:version/data-formats'
const own = (action: string) => can(`tokens.${action}`, { self: 'userId', entity: 'userId' })
const product = (action: string) => can(`products.${action}`, { entity: 'id', product: 'id' })

/** A declared resource's routes: its permission type's action, for the entity of the path's id. */
const declaredRules = (d: CrudDeclaration): Record<string, Rule> => {
  const one = `${d.path}/:id`
  return {
    [`GET /:env${d.path}`]: can(`${d.permission}.read`),
    [`GET /:env${one}`]: can(`${d.permission}.read`, { entity: 'id' }),
    [`POST /:env${d.path}`]: can(`${d.permission}.create`),
    [`PUT /:env${one}`]: can(`${d.permission}.update`, { entity: 'id' }),
    [`PATCH /:env${one}`]: can(`${d.permission}.update`, { entity: 'id' }),
    [`DELETE /:env${one}`]: can(`${d.permission}.delete`, { entity: 'id' }),
  }
}

export const ROUTE_RULES: Record<string, Rule> = {
  ...Object.assign({}, ...DECLARED.map(declaredRules)),
  // Platform
  'GET /:env/configs': PUBLIC,
  'GET /:env/me': USER,
  'GET /:env/auth/users/:userId/roles': can('users.read', { self: 'userId' }),
  'GET /:env/auth/users/:userId/permissions': can('users.read', { self: 'userId' }),
  // The caller's own organizations.
  'GET /:env/auth/organizations': USER,
  // The resources declared in contract/ (applications): see `declaredRules` below.

  // Data formats
  [`GET ${DF}`]: can('data-formats.read'),
  [`GET ${DF}/:id`]: can('data-formats.read', { entity: 'id' }),
  [`GET ${DF}/:id/used-by`]: can('data-formats.read', { entity: 'id' }),
  [`POST ${IDF}`]: can('data-formats.create'),
  [`PUT ${IDF}/:id`]: can('data-formats.update', { entity: 'id' }),
  [`PATCH ${IDF}/:id`]: can('data-formats.update', { entity: 'id' }),
  [`DELETE ${IDF}/:id`]: can('data-formats.delete', { entity: 'id' }),

  // Tasks
  'GET /:env/actions': USER,
  'GET /:env/tasks': can('tasks.read'),
  'GET /:env/tasks/:id': can('tasks.read', { entity: 'id' }),
  'GET /:env/tasks/:id/runs': can('tasks.read', { entity: 'id' }),
  'POST /:env/tasks': can('tasks.create'),
  'PUT /:env/tasks/:id': can('tasks.update', { entity: 'id' }),
  'PUT /:env/tasks/:id/jobs': can('tasks.update', { entity: 'id' }),
  'DELETE /:env/tasks/:id': can('tasks.delete', { entity: 'id' }),
  'POST /:env/tasks/:id/:action': can('tasks.execute', { entity: 'id' }),

  // Events and monitoring
  'GET /:env/events': can('events.read'),
  'GET /:env/events/:id': can('events.read'),
  'GET /:env/stats': can('events.read'),
  'GET /:env/stats/organizations': can('events.read'),
  'GET /:env/getlasterrors': can('events.read'),
  'GET /:env/soap': can('events.read'),

  // Contracts, purchases and credentials
  'GET /:env/products/v2/contracts': can('contracts.read', { entityQuery: 'productId' }),
  'POST /:env/products/v2/contracts': can('contracts.create', { product: 'body' }),
  'POST /:env/products/v2/:id/purchase': can('purchases.create', { entity: 'id', buyer: 'body' }),
  'GET /:env/products/v2/auth-credentials': can('products.read', { entityQuery: 'productId' }),
  'POST /:env/products/v2/auth-credentials': can('products.update', { product: 'body' }),

  // Tokens: a user's own need no permission; another user's need tokens.{action} for that user.
  'GET /:env/internal/users/:userId/tokens': own('read'),
  'POST /:env/internal/users/:userId/tokens': own('create'),
  'POST /:env/internal/users/:userId/tokens/:id/renew': own('update'),
  'POST /:env/internal/users/:userId/tokens/:id/revoke': own('update'),
  'PATCH /:env/internal/users/:userId/tokens/:id': own('update'),
  'DELETE /:env/internal/users/:userId/tokens/:id': own('delete'),
  'GET /:env/:version{v[12]}/:userId/app-tokens': own('read'),
  'POST /:env/:version{v[12]}/:userId/app-tokens': own('create'),
  'POST /:env/:version{v[12]}/:userId/app-tokens/:id/renew': own('update'),
  'POST /:env/:version{v[12]}/:userId/app-tokens/:id/revoke': own('update'),
  'PATCH /:env/:version{v[12]}/:userId/app-tokens/:id': own('update'),
  'DELETE /:env/:version{v[12]}/:userId/app-tokens/:id': own('delete'),
  'POST /:env/:version{v[12]}/token/generate': USER,
  'POST /:env/:version{v[12]}/token/refresh': USER,

  // Products: reads are public (anonymous visitors browse); parts need products.read.
  [`GET ${P}`]: PUBLIC,
  [`GET ${P}/:id`]: PUBLIC,
  [`GET ${P}/protocols`]: PUBLIC,
  [`GET ${P}/quality-attributes`]: USER,
  [`GET ${P}/:id/meta`]: can('products.read', { entity: 'id' }),
  [`GET ${P}/:id/task`]: can('products.read', { entity: 'id' }),
  [`GET ${P}/:id/used-by`]: can('products.read', { entity: 'id' }),
  [`GET ${P}/:id/quality-attributes`]: can('products.read', { entity: 'id' }),
  [`GET ${P}/:id/quality-attributes/:subId`]: can('products.read', { entity: 'id' }),
  [`GET ${P}/:id/files`]: can('products.read', { entity: 'id' }),
  [`GET ${P}/:id/files/:subId`]: can('products.read', { entity: 'id' }),
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
