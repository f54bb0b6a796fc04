import type { QueryClient, QueryKey, UseQueryOptions } from '@tanstack/react-query'
import { isLocalId } from '../outbox/ids'
import { statusOf } from './error-pages'

const ANSWER_WAIT_MS = 2000

/**
 * The loader of an entity's screen. The platform said no (unknown id, refused): the error page.
 * No answer yet (offline, or a platform that is down pauses the query): the screen opens after a
 * short wait and shows its own waiting state or the cached data, never a blank page.
 */
export async function loadEntity<T, K extends QueryKey>(
  queryClient: QueryClient,
  id: string | undefined,
  options: UseQueryOptions<T, Error, T, K> & { queryKey: K },
) {
  if (!id || isLocalId(id)) return
  const answer = queryClient.ensureQueryData(options).then(
    () => undefined,
    (error: unknown) => error,
  )
  const error = await Promise.race([answer, new Promise<undefined>((r) => setTimeout(r, ANSWER_WAIT_MS))])
  const status = statusOf(error)
  if (status !== undefined && status < 500) throw error
}
