import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { type DehydratedState, dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query'
import { type PersistedClient, removeOldestQuery } from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'
import { takeFirstRead } from '../core/boot-open'
import { bootStore } from '../core/boot-store'
import { getSession } from '../core/session'
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
      const value = typeof first === 'string' ? first : await get<string>(key, bootStore)
      if (key === CACHE_KEY) restoredValue = value
      return value
    },
    setItem: (key, value) => set(key, value, bootStore),
    removeItem: (key) => {
      // A sign-out or another organization: what a left page handed over goes with the cache.
      if (key === CACHE_KEY) forgetHandover()
      return del(key, bootStore)
    },
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
  handOver(value)
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

/**
 * The cache a page left or hid, handed over to the pages of the origin (the next one, the others
 * open): in localStorage, written at once. A page going into the back/forward cache writes nothing to
 * the boot store as it goes (decision 0007: its writes are aborted), and a page left in another
 * process saves after the next page has read: either way the data that came in the last moments
 * before a reload was restored by no page, and the next write of the cache erased it from the device.
 */
const HANDOVER_KEY = 'orchestrator-cache-handover'

/** The cache as this page restored it: a handover that is the same (the usual case) is not read again. */
let restoredValue: string | undefined

const currentUser = () => getSession()?.user.id ?? ''

/**
 * The handed-over form: the signed-in user's id ('' for a visitor: a page takes in only its own user's
 * cache), a line break, then the cache as the persister writes it (not nested in JSON again: escaped,
 * it would grow by a tenth and be parsed twice).
 */
const handover = (value: string) => `${currentUser()}\n${value}`

/**
 * The largest cache handed over, in characters (2 MB as localStorage counts them): localStorage has
 * some 5 MB an origin, and the settings kept there must still find room. A larger cache is not handed
 * over, and an earlier handover goes (this page's data is newer).
 */
const HANDOVER_MAX = 1_000_000

function handOver(value: string) {
  if (value.length > HANDOVER_MAX) return forgetHandover()
  try {
    localStorage.setItem(HANDOVER_KEY, handover(value))
  } catch {
    // Too large for localStorage, or storage refused: the boot store's write is all there is.
  }
}

function forgetHandover() {
  try {
    localStorage.removeItem(HANDOVER_KEY)
  } catch {
    // No localStorage: nothing was handed over.
  }
}

/** Merges a handed-over cache: each query only where its data is newer than this page's (TanStack's hydrate). */
function takeIn(queryClient: QueryClient, raw: string | null) {
  const lineBreak = raw?.indexOf('\n') ?? -1
  if (!raw || lineBreak < 0 || raw.slice(0, lineBreak) !== currentUser()) return
  const value = raw.slice(lineBreak + 1)
  if (value === restoredValue) return
  try {
    const client = JSON.parse(value) as PersistedClient
    if (client.buster !== CACHE_BUSTER || Date.now() - client.timestamp > CACHE_MAX_AGE) return
    hydrate(queryClient, client.clientState)
  } catch {
    // Not a form this version reads: the store and the platform have the data.
  }
}

/**
 * Once the cache is restored and the session known: takes in what a page left for this one handed
 * over, and what any other page of the origin hands over from now on (the storage event), so this
 * page's next write of the cache keeps it. What was handed over is then this page's to keep, and goes.
 */
export function takeInHandovers(queryClient: QueryClient): void {
  window.addEventListener('storage', (event) => {
    if (event.key === HANDOVER_KEY) takeIn(queryClient, event.newValue)
  })
  try {
    takeIn(queryClient, localStorage.getItem(HANDOVER_KEY))
    forgetHandover()
  } catch {
    // No localStorage: nothing was handed over.
  }
}
