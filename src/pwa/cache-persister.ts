import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { type DehydratedState, dehydrate, type Query, type QueryClient } from '@tanstack/react-query'
import { type PersistedClient, removeOldestQuery } from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'
import { takeFirstRead } from '../core/boot-open'
import { bootStore } from '../core/boot-store'
import { isQuotaError } from './storage'

/** The query cache lives in the boot store (IndexedDB), one entry, so a reload offline shows the last data. */
const CACHE_KEY = 'query-cache'

/**
 * What is saved of a query: its data, whatever the last refresh did. TanStack keeps only queries whose
 * last fetch succeeded, so one refresh that failed offline, in any tab, erased a list's saved rows from
 * the device, and the next offline start had "nothing saved". A failed refresh keeps the data it had,
 * saved as the last good answer (the error is this page's, not the data's).
 */
export const hasData = (query: Query) => query.state.data !== undefined

function lastGoodAnswers(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'error'
        ? {
            ...query,
            state: {
              ...query.state,
              status: 'success',
              error: null,
              fetchFailureCount: 0,
              fetchFailureReason: null,
            },
          }
        : query,
    ),
  }
}

const serialize = (client: PersistedClient) =>
  JSON.stringify({ ...client, clientState: lastGoodAnswers(client.clientState) })

export const cachePersister = createAsyncStoragePersister({
  key: CACHE_KEY,
  throttleTime: 200,
  serialize,
  storage: {
    // The first read is the entry script's, made as the page opened (see openBootEarly).
    getItem: async (key) => {
      const first = key === CACHE_KEY ? await takeFirstRead(CACHE_KEY) : undefined
      return typeof first === 'string' ? first : get<string>(key, bootStore)
    },
    setItem: (key, value) => set(key, value, bootStore),
    removeItem: (key) => del(key, bootStore),
  },
  // A full store: drop the oldest queries and try again rather than lose the whole cache. Any other
  // failure (a page going into the back/forward cache, a storage not answering) is not the cache's
  // size: the next change writes it again.
  retry: (failed) => (isQuotaError(failed.error) ? removeOldestQuery(failed) : undefined),
})

/** Bumped when the shape of cached data changes: an old cache is then discarded, never misread. */
export const CACHE_BUSTER = 'v1'
export const CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000

/**
 * Writes the cache at once, as the page is left or hidden: the throttled write of data that came in
 * the last moments would otherwise be lost with the page, and the next offline start would lack it.
 * The same form as the persister's (its restore reads it), committed without waiting for the task's end.
 */
export function saveCacheNow(queryClient: QueryClient): void {
  const value = serialize({
    buster: CACHE_BUSTER,
    timestamp: Date.now(),
    clientState: dehydrate(queryClient, { shouldDehydrateQuery: hasData }),
  })
  void bootStore('readwrite', (store) => {
    store.put(value, CACHE_KEY)
    const tx = store.transaction
    const done = new Promise<void>((resolve) => {
      tx.oncomplete = () => resolve()
      tx.onabort = () => resolve()
      tx.onerror = () => resolve()
    })
    tx.commit?.()
    return done
  }).catch(() => undefined)
}
