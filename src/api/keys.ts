import { currentScope } from './scope'

/** Every key starts with environment, version and organization: a switch never shows another scope's data. */
export function scopeKey(): readonly [string, string, string] {
  const { env, version, organizationId } = currentScope()
  return [env, version, organizationId]
}
