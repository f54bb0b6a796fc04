// Core layer: the scope every key and call carries. Imports only core/ and contract/.

import { localSetting } from './local-setting'

export const ENVIRONMENTS = ['sandbox', 'production'] as const
export type Environment = (typeof ENVIRONMENTS)[number]
export const API_VERSIONS = ['v2', 'v1'] as const
export type ApiVersion = (typeof API_VERSIONS)[number]

const isEnvironment = (v: string): v is Environment => ENVIRONMENTS.some((e) => e === v)
const isVersion = (v: string): v is ApiVersion => API_VERSIONS.some((e) => e === v)
const isId = (v: string): v is string => v.length > 0 && v.length <= 100

/** Environment (default sandbox) and API version (default v2) of every call. */
export const environmentSetting = localSetting<Environment>('environment', 'sandbox', isEnvironment)
export const versionSetting = localSetting<ApiVersion>('apiVersion', 'v2', isVersion)
/** The current organization, stored under `organizationId`. */
export const organizationSetting = localSetting<string>('organizationId', '', isId)

export interface Scope {
  env: Environment
  version: ApiVersion
  organizationId: string
}

export function currentScope(): Scope {
  return {
    env: environmentSetting.get(),
    version: versionSetting.get(),
    organizationId: organizationSetting.get(),
  }
}
