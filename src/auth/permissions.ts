import type { Permission } from '../contract/user'

export type { Permission } from '../contract/user'

export interface PermissionContext {
  permissions: Permission[]
  /** The environment's orchestrator auth flag; only "1" enables checks, anything else lets all pass. */
  orchestratorAuth: string | undefined
  /** The orchestrator application, the default application of a check. */
  orchestratorAppId: string
}

export interface PermissionCheck {
  type: string
  actions: string | string[]
  entityIds?: string | string[]
  applicationId?: string
}

function list<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

/**
 * Passes when any (action, entity id) combination matches a permission named `type.action`
 * (lowercased) with the same entityId (or none) and the same application id. All checks pass when
 * orchestrator auth is not enabled.
 */
export function hasPermission(context: PermissionContext, check: PermissionCheck): boolean {
  if (context.orchestratorAuth !== '1') return true
  const applicationId = check.applicationId ?? context.orchestratorAppId
  const ids: (string | undefined)[] = list(check.entityIds)
  if (ids.length === 0) ids.push(undefined)
  return list(check.actions).some((action) => {
    const name = `${check.type}.${action}`.toLowerCase()
    return ids.some((id) =>
      context.permissions.some(
        (p) =>
          p.name.toLowerCase() === name &&
          (p.entityId == null || p.entityId === id) &&
          (p.applicationId ?? context.orchestratorAppId) === applicationId,
      ),
    )
  })
}
