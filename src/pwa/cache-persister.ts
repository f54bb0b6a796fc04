import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { dehydrate, type QueryClient } from '@tanstack/react-query'
import { removeOldestQuery } from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'
import { bootStore } from '../core/boot-store'

/** The query cache lives in the boot store (IndexedDB), one entry, so a reload offline shows the last data. */
const CACHE_KEY = 'query-cache'

export const cachePersister = createAsyncStoragePersister({
  key: CACHE_KEY,
  throttleTime: 200,
  storage: {
    getItem: (key) => get<string>(key, bootStore),
    setItem: (key, value) => set(key, value, bootStore),
    removeItem: (key) => del(key, bootStore),
  },
  // A full store: drop the oldest queries and try again rather than lose the whole cache.
  retry: removeOldestQuery,
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
  const value = JSON.stringify({
    buster: CACHE_BUSTER,
    timestamp: Date.now(),
    clientState: dehydrate(queryClient),
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
