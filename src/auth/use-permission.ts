import { useQuery } from '@tanstack/react-query'
import { configsQuery } from '../api/configs'
import { permissionsQuery } from '../api/users'
import { useSession } from '../core/session'
import { hasPermission, type PermissionCheck } from './permissions'

/** The build's default of the orchestrator auth flag, when the environment's config does not say. */
const BUILD_FLAG = import.meta.env.VITE_ORCHESTRATOR_AUTH

export interface PermissionState {
  /** The user may do it: the platform would accept, as far as the console knows. */
  allowed: boolean
  /** The permission list is still on its way: nothing is refused before it is known. */
  pending: boolean
}

/**
 * Whether the signed-in user may do what the check names. Checks apply only when the
 * environment's orchestrator auth flag is "1"; every check passes otherwise.
 */
export function usePermission(check: PermissionCheck): PermissionState {
  const session = useSession()
  const configs = useQuery(configsQuery())
  const orchestratorAuth = configs.data?.orchestratorAuth ?? BUILD_FLAG
  const userId = session?.user.id ?? ''
  const permissions = useQuery({
    ...permissionsQuery(userId),
    enabled: userId !== '' && orchestratorAuth === '1',
  })
  if (orchestratorAuth !== '1') return { allowed: true, pending: configs.isPending }
  if (!permissions.data) return { allowed: true, pending: true }
  return {
    allowed: hasPermission(
      {
        permissions: permissions.data,
        orchestratorAuth,
        orchestratorAppId: String(configs.data?.orchestratorAppId ?? ''),
      },
      check,
    ),
    pending: false,
  }
}
