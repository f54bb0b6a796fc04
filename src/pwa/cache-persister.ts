import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { removeOldestQuery } from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'
import { bootStore } from '../core/boot-store'

/** The query cache lives in the boot store (IndexedDB), one entry, so a reload offline shows the last data. */
export const cachePersister = createAsyncStoragePersister({
  key: 'query-cache',
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
