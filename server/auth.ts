import { createHash } from 'node:crypto'
import type { AuthUser, Permission, Platform } from './context'

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
  return (await bearerCaller(platform, header))?.user
}

/**
 * The user of a bearer token and, for a developer or app token, the organizations they belong to,
 * read in the same query: every signed-in request needs both, and one round trip less per request
 * is what lets a process carry more.
 */
export async function bearerCaller(
  platform: Platform,
  header: string | undefined,
): Promise<{ user: AuthUser; organizations?: string[] } | undefined> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  if (!match?.[1]) return undefined
  const token = match[1]
  const [row] = await platform.db.query<
    { data: { status?: string; expirationDate?: string; createdAt?: string } } & (
      | (UserRow & { organizations: string[] })
      | { [K in keyof UserRow | 'organizations']: null }
    )
  >(
    `SELECT t.data, u.id, u.email, u.first_name, u.last_name, u.role,
            CASE WHEN u.id IS NULL THEN NULL ELSE
              array(SELECT m.organization_id FROM memberships m WHERE m.user_id = u.id ORDER BY 1) END
              AS organizations
     FROM tokens t LEFT JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1`,
    [hashToken(token)],
  )
  if (row) {
    if (row.data.status === 'revoked') return undefined
    if (row.data.expirationDate && Date.parse(row.data.expirationDate) < platform.now()) return undefined
    // Never longer than the maximum lifetime from creation, whatever expiration it was given.
    if (
      row.data.createdAt &&
      Date.parse(row.data.createdAt) + platform.tokenMaxDays * 86_400_000 < platform.now()
    )
      return undefined
    return row.id === null ? undefined : { user: toUser(row), organizations: row.organizations }
  }
  const subject = await platform.resolveOidcToken?.(token)
  const user = subject ? await userById(platform, subject) : undefined
  return user ? { user } : undefined
}

export async function permissionsOf(platform: Platform, userId: string): Promise<Permission[]> {
  const rows = await platform.db.query<{
    name: string
    entity_id: string | null
    application_id: string | null
  }>('SELECT name, entity_id, application_id FROM permissions WHERE user_id = $1 ORDER BY name', [userId])
  return rows.map((r) => ({ name: r.name, entityId: r.entity_id, applicationId: r.application_id }))
}

/**
 * A user's permissions of one name (lower case), each with the application it applies to (its own,
 * or the environment's Orchestrator application): one query.
 */
export async function permissionsNamed(
  platform: Platform,
  env: string,
  userId: string,
  name: string,
): Promise<(Permission & { app: string | null })[]> {
  const rows = await platform.db.query<{
    name: string
    entity_id: string | null
    application_id: string | null
    app: string | null
  }>(
    `SELECT p.name, p.entity_id, p.application_id,
       (SELECT c.data->>'orchestratorAppId' FROM configs c WHERE c.env = $2) AS app
     FROM permissions p WHERE p.user_id = $1 AND p.name = $3`,
    [userId, env, name],
  )
  return rows.map((r) => ({
    name: r.name,
    entityId: r.entity_id,
    applicationId: r.application_id,
    app: r.app,
  }))
}

export async function configOf(platform: Platform, env: string): Promise<Record<string, string>> {
  const [row] = await platform.db.query<{ data: Record<string, string> }>(
    'SELECT data FROM configs WHERE env = $1',
    [env],
  )
  return row?.data ?? {}
}
