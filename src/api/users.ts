import { queryOptions } from '@tanstack/react-query'
import type { Permission, Role, User } from '../contract/user'
import { dataOrThrow, request } from '../core/http'
import { scopeKey } from '../core/keys'

export type { Role, User } from '../contract/user'

export const userKeys = {
  me: () => [...scopeKey(), 'me'] as const,
  roles: (userId: string) => [...scopeKey(), 'users', userId, 'roles'] as const,
  permissions: (userId: string) => [...scopeKey(), 'users', userId, 'permissions'] as const,
}

/** GET /api/PRODUCTION/me with an explicit token: used to sign in before a session exists. */
export async function fetchMe(token?: string) {
  return request<User>({
    path: '/api/PRODUCTION/me',
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    schema: (a) => a.userAnswer,
  })
}

export const meQuery = () =>
  queryOptions({ queryKey: userKeys.me(), queryFn: async () => dataOrThrow(await fetchMe()) })

export const rolesQuery = (userId: string) =>
  queryOptions({
    queryKey: userKeys.roles(userId),
    queryFn: async ({ signal }) =>
      dataOrThrow(
        await request<Role[]>({
          path: '/api/{env}/auth/users/{userId}/roles',
          params: { userId },
          signal,
          schema: (a) => a.listOf(a.roleAnswer),
        }),
      ),
  })

export const permissionsQuery = (userId: string) =>
  queryOptions({
    queryKey: userKeys.permissions(userId),
    queryFn: async ({ signal }) =>
      dataOrThrow(
        await request<Permission[]>({
          path: '/api/{env}/auth/users/{userId}/permissions',
          params: { userId },
          signal,
          schema: (a) => a.listOf(a.permissionAnswer),
        }),
      ),
  })
