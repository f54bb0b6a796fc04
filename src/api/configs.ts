import { queryOptions } from '@tanstack/react-query'
import { configAnswer } from '../contract/answers'
import { dataOrThrow, request } from './http'
import { scopeKey } from './keys'

export interface PlatformConfig {
  orchestratorAuth?: string
  productsApiAuthAppId?: string
  orchestratorAppId?: string
  [key: string]: unknown
}

export const configKeys = {
  all: () => [...scopeKey(), 'configs'] as const,
}

/** The environment's configs (SPEC §7): the orchestrator auth flag and the products API application. */
export const configsQuery = () =>
  queryOptions({
    queryKey: configKeys.all(),
    queryFn: async ({ signal }) =>
      dataOrThrow(
        await request<PlatformConfig>({ path: '/api/{env}/configs', signal, schema: configAnswer }),
      ),
    staleTime: 5 * 60_000,
  })
