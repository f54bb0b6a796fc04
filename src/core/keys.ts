import { currentScope } from './scope'

/** Every key starts with environment, version and organization: a switch never shows another scope's data. */
export function scopeKey(): readonly [string, string, string] {
  const { env, version, organizationId } = currentScope()
  return [env, version, organizationId]
}

/**
 * The newer of an entity's cached detail and its row in a cached list: after this device's changes
 * were sent, the list may have been refreshed while the detail was not (offline, inactive).
 */
export function newer<T extends { updatedAt?: string }>(detail?: T, row?: T): T | undefined {
  if (!detail || !row) return detail ?? row
  return Date.parse(row.updatedAt ?? '') > Date.parse(detail.updatedAt ?? '') ? row : detail
}
