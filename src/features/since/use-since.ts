import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo, useSyncExternalStore } from 'react'
import { currentScope } from '../../core/scope'
import { useSession } from '../../core/session'
import { countSince, lastLookedOrStart, onLooked, sinceFilters, sinceQuery } from './since-looked'

/** When the signed-in user last looked at the list, in the current environment; live across tabs. */
export function useLastLooked(): string | undefined {
  const userId = useSession()?.user.id
  const { env } = currentScope()
  return useSyncExternalStore(onLooked, () => (userId ? lastLookedOrStart(env, userId) : undefined))
}

/** The failed and late runs since the user last looked: the read, its filters and its counts. */
export function useSince() {
  const lastLooked = useLastLooked()
  const filters = useMemo(() => sinceFilters(lastLooked, Date.now()), [lastLooked])
  const query = useInfiniteQuery(sinceQuery(filters))
  return { query, filters, counts: countSince(query.data) }
}
