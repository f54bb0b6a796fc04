import type { Query, QueryClient, QueryKey } from '@tanstack/react-query'

// What the stream keeps current, decided when a query would refetch on focus or on reconnecting. Set
// on the query client at boot, before any screen's query exists: options set later would reach only
// the queries made after them, and a list already on screen would still refetch on every reconnect.

/** Whether this tab is following the stream (its own, or one relayed from another tab). */
export const liveFollow = { streaming: false }

/** Query families whose lists and details the stream keeps current (its changes are laid into them). */
const KEPT_CURRENT = new Set(['tasks', 'events', 'catalog', 'data-formats'])

export function keptCurrent(key: QueryKey): boolean {
  const family = key[3]
  const part = key[4]
  if (family === 'monitoring') return part === 'task-count' || part === 'last-errors'
  if (typeof family !== 'string' || !KEPT_CURRENT.has(family)) return false
  return key.includes('list') || part === 'detail' || part === 'runs'
}

/**
 * While the stream runs, what it keeps current is not asked again on focus or on reconnecting: a
 * reconnect replays what was missed (or, after too long a gap, refetches what is shown). Everything
 * else, and every query without a stream, keeps the usual refetches.
 */
export function followStream(client: QueryClient) {
  const defaults = client.getDefaultOptions()
  const queries = defaults.queries ?? {}
  const refetch = (query: Query) => !(liveFollow.streaming && keptCurrent(query.queryKey))
  client.setDefaultOptions({
    ...defaults,
    queries: { ...queries, refetchOnWindowFocus: refetch, refetchOnReconnect: refetch },
  })
}
