import { queryOptions } from '@tanstack/react-query'
import type { PlatformConfig } from '../contract/user'
import { ApiError, dataOrThrow, GENERIC_FAILURE, request } from '../core/http'
import { scopeKey } from '../core/keys'
import { getSession } from '../core/session'

export type { PlatformConfig } from '../contract/user'

export const configKeys = {
  // Read anonymously before sign-in and with the token after: two answers, kept apart.
  all: () => [...scopeKey(), 'configs', getSession() ? 'signed-in' : 'anonymous'] as const,
}

/** The environment's configs: the orchestrator auth flag and the products API application. */
export const configsQuery = () =>
  queryOptions({
    queryKey: configKeys.all(),
    queryFn: async ({ signal }) => {
      // Checked by hand: the sign-in screen asks for the configs and must not load the answer schemas.
      const result = await request<PlatformConfig>({ path: '/api/{env}/configs', signal })
      // Before sign-in the read is anonymous: a platform that protects its configs says 401, quietly.
      if (result.status === 401 && !getSession()) return {} as PlatformConfig
      const data = dataOrThrow(result)
      if (typeof data !== 'object' || data === null || Array.isArray(data))
        throw new ApiError(502, GENERIC_FAILURE, data, false, 'shape')
      return data
    },
    staleTime: 5 * 60_000,
  })
