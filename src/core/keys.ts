// Core layer: the roots of every query key. Imports only core/ and contract/.

import type { Resource } from './resources'
import { currentScope } from './scope'

/** The query key segment of every list query: what a scope change clears. */
export const LIST_KEY = 'list'

/** Every key starts with environment, version and organization: a switch never shows another scope's data. */
export function scopeKey(): readonly [string, string, string] {
  const { env, version, organizationId } = currentScope()
  return [env, version, organizationId]
}

/** The root of every query key of an outbox resource family, in the current scope. */
export function resourceKey<R extends Resource>(resource: R): readonly [string, string, string, R] {
  return [...scopeKey(), resource]
}

/** True when a query belongs to the resource family: a settled change of it refreshes the query. */
export const isKeyOf = (queryKey: readonly unknown[], resource: Resource): boolean =>
  queryKey.includes(resource)

/**
 * The newer of an entity's cached detail and its row in a cached list: after this device's changes
 * were sent, the list may have been refreshed while the detail was not (offline, inactive).
 */
export function newer<T extends { updatedAt?: string }>(detail?: T, row?: T): T | undefined {
  if (!detail || !row) return detail ?? row
  return Date.parse(row.updatedAt ?? '') > Date.parse(detail.updatedAt ?? '') ? row : detail
}
