import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { removeOldestQuery } from '@tanstack/react-query-persist-client'
import { db } from './db'

/** The query cache lives in IndexedDB (Dexie), one row, so a reload offline shows the last data. */
export const cachePersister = createAsyncStoragePersister({
  key: 'query-cache',
  throttleTime: 200,
  storage: {
    getItem: async (key) => (await db.cache.get(key))?.value ?? null,
    setItem: async (key, value) => {
      await db.cache.put({ key, value })
    },
    removeItem: async (key) => {
      await db.cache.delete(key)
    },
  },
  // A full store: drop the oldest queries and try again rather than lose the whole cache.
  retry: removeOldestQuery,
})

/** Bumped when the shape of cached data changes: an old cache is then discarded, never misread. */
export const CACHE_BUSTER = 'v1'
export const CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000
