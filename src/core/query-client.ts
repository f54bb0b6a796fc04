// Core layer: the one query cache. Imports only core/ and contract/.

import { onlineManager, QueryClient } from '@tanstack/react-query'
import { ApiError } from './http'

/**
 * A read that got no answer is asked again up to three times (1, 2, 4 s apart): on a line that drops
 * some requests one lost answer must not leave a screen without its data. A refusal is asked once more.
 * Offline nothing is asked again: a retry would wait paused for the connection, and the screen would
 * say "Loading…" for good instead of that its data is not on this device.
 */
export function retryRead(failureCount: number, error: unknown): boolean {
  if (!onlineManager.isOnline()) return false
  const noAnswer = error instanceof ApiError ? error.noAnswer : error instanceof TypeError
  return failureCount < (noAnswer ? 3 : 1)
}

/** The one query cache of the console; `offlineFirst` so loaders never hang without a connection. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      networkMode: 'offlineFirst',
      staleTime: 30_000,
      gcTime: 24 * 60 * 60 * 1000,
      retry: retryRead,
    },
    mutations: { networkMode: 'offlineFirst' },
  },
})
