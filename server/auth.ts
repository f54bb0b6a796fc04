import { createHash } from 'node:crypto'
import { failure } from '../src/contract/envelope'
import { MESSAGES } from '../src/contract/messages'
import type { AuthUser, Ctx, Permission, Platform } from './context'

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

interface UserRow {
  id: string
  email: string
  first_name: string | null
  last_name: string | null
  role: string
}

const toUser = (row: UserRow): AuthUser => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name ?? undefined,
  lastName: row.last_name ?? undefined,
  role: row.role,
})

export async function userById(platform: Platform, id: string): Promise<AuthUser | undefined> {
  const [row] = await platform.db.query<UserRow>(
    'SELECT id, email, first_name, last_name, role FROM users WHERE id = $1',
    [id],
  )
  return row ? toUser(row) : undefined
}

/** A bearer token: a developer or app token (hash in the database, not revoked or expired), else an OIDC token. */
export async function resolveBearer(
  platform: Platform,
  header: string | undefined,
): Promise<AuthUser | undefined> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  if (!match?.[1]) return undefined
  const token = match[1]
  const [row] = await platform.db.query<{
    user_id: string
    data: { status?: string; expirationDate?: string }
  }>('SELECT user_id, data FROM tokens WHERE token_hash = $1', [hashToken(token)])
  if (row) {
    if (row.data.status === 'revoked') return undefined
    if (row.data.expirationDate && Date.parse(row.data.expirationDate) < platform.now()) return undefined
    return userById(platform, row.user_id)
  }
  const subject = await platform.resolveOidcToken?.(token)
  return subject ? userById(platform, subject) : undefined
}

export async function permissionsOf(platform: Platform, userId: string): Promise<Permission[]> {
  const rows = await platform.db.query<{
    name: string
    entity_id: string | null
    application_id: string | null
  }>('SELECT name, entity_id, application_id FROM permissions WHERE user_id = $1 ORDER BY name', [userId])
  return rows.map((r) => ({ name: r.name, entityId: r.entity_id, applicationId: r.application_id }))
}

export async function configOf(platform: Platform, env: string): Promise<Record<string, string>> {
  const [row] = await platform.db.query<{ data: Record<string, string> }>(
    'SELECT data FROM configs WHERE env = $1',
    [env],
  )
  return row?.data ?? {}
}

/** 401 without a known token. */
export function requireUser(c: Ctx): AuthUser | Response {
  const user = c.get('user')
  return user ?? c.json(failure(MESSAGES.unauthorized), 401)
}

/**
 * SPEC §6 on the platform: when the environment's config enables orchestrator auth ("1"), the user
 * needs a permission `type.action` with the same entity id (or none) and application; else 403.
 * `always` checks even when orchestrator auth is off (acting on another user's tokens).
 */
export async function requirePermission(
  c: Ctx,
  type: string,
  action: string,
  entityId?: string,
  options: { always?: boolean } = {},
): Promise<AuthUser | Response> {
  const user = requireUser(c)
  if (user instanceof Response) return user
  const platform = c.get('platform')
  const config = await configOf(platform, c.get('env'))
  if (config.orchestratorAuth !== '1' && !options.always) return user
  const app = config.orchestratorAppId ?? null
  const name = `${type}.${action}`.toLowerCase()
  const allowed = (await permissionsOf(platform, user.id)).some(
    (p) =>
      p.name === name && (p.entityId === null || p.entityId === entityId) && (p.applicationId ?? app) === app,
  )
  return allowed ? user : c.json(failure(MESSAGES.accessDenied), 403)
}
