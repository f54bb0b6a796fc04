// Core layer, and part of the entry script: no dependencies, so the entry stays small.

/** The small database the boot reads before the first render: the session and the query cache. */
export const BOOT_DB = 'orchestrator-boot'
export const BOOT_STORE = 'kv'

/** Opens the boot database, creating its one store on the first visit. */
export function openBootDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(BOOT_DB)
    request.onupgradeneeded = () => request.result.createObjectStore(BOOT_STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

let early: Promise<IDBDatabase> | undefined

/** The entries the console's boot reads before its first render: the session and the query cache. */
const FIRST_READS = ['session', 'query-cache'] as const
export type FirstRead = (typeof FIRST_READS)[number]

/** How long the entry's reads may go unanswered before the console reads for itself. */
const FIRST_READ_MS = 1000

let firstReads: Promise<Map<string, unknown>> | undefined
const taken = new Set<string>()

/** The channel on which tabs tell each other of a sign-in, a refresh or a sign-out. */
export const SESSION_CHANNEL = 'orchestrator-session'

let sessionChannel: BroadcastChannel | undefined
let sessionChanged = false

/**
 * From the entry's read until the console takes it, another tab's change of the session is heard
 * here: the console's own channel opens only as its code runs, some 100 ms later, and a sign-out
 * made in between would otherwise leave this tab signed in with what the entry read.
 */
function listenForSessionChanges() {
  if (typeof BroadcastChannel === 'undefined') return
  sessionChannel = new BroadcastChannel(SESSION_CHANNEL)
  sessionChannel.onmessage = () => {
    sessionChanged = true
    stopListening()
  }
}

function stopListening() {
  sessionChannel?.close()
  sessionChannel = undefined
}

/**
 * Started by the entry script before anything else: opening the database (30-50 ms, more on a first
 * visit, which creates it) then runs while the console's code downloads instead of after it, and the
 * console's first reads of the session and the cache find it open. Those two entries are read at
 * once, too: on a warm start the code comes from the service worker's cache in a few tens of ms, and
 * the reads, asked for only as the console ran, were 15-30 ms of its start.
 */
export function openBootEarly(): void {
  try {
    early = openBootDatabase()
    early.catch(() => undefined)
    firstReads = readEntries(early, FIRST_READS)
    firstReads.catch(() => undefined)
    listenForSessionChanges()
  } catch {
    early = undefined
    firstReads = undefined
  }
}

/** The entry's reads still in flight. */
const reading = new Set<IDBTransaction>()
let guarded = false

/**
 * A page going into the back/forward cache aborts the entry's reads still in flight, as the boot
 * store does its own (decision 0007): WebKit never ends a transaction a cached page left open, and
 * every later page of the origin then waits for the store for good.
 */
function guardLeaving() {
  if (guarded || typeof window === 'undefined') return
  guarded = true
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) return
    for (const tx of reading) {
      try {
        tx.abort()
      } catch {
        // Already finished.
      }
    }
    reading.clear()
  })
}

/** The entries' values (absent ones undefined), in one read-only transaction on `opening`. */
export function readEntries(
  opening: Promise<IDBDatabase>,
  keys: readonly string[],
  ms = FIRST_READ_MS,
): Promise<Map<string, unknown>> {
  return new Promise((resolve, reject) => {
    // A database that does not answer fails the read, and the console then asks on its own.
    const timer = setTimeout(() => reject(new Error('The boot store did not answer')), ms)
    const fail = (error: unknown) => {
      clearTimeout(timer)
      reject(error)
    }
    guardLeaving()
    opening.then((db) => {
      try {
        const tx = db.transaction(BOOT_STORE)
        reading.add(tx)
        const done = () => reading.delete(tx)
        tx.addEventListener('complete', done)
        tx.addEventListener('abort', done)
        const store = tx.objectStore(BOOT_STORE)
        const values = new Map<string, unknown>()
        for (const key of keys) {
          const read = store.get(key)
          read.onsuccess = () => values.set(key, read.result)
        }
        tx.oncomplete = () => {
          clearTimeout(timer)
          resolve(values)
        }
        tx.onabort = () => fail(tx.error)
      } catch (error) {
        fail(error)
      }
    }, fail)
  })
}

/**
 * What the entry script read of one entry, handed over once (the first reader gets it, a later read
 * goes to the store): undefined when the entry read nothing, or its read failed, or (the session)
 * another tab changed it since.
 */
export function takeFirstRead(key: FirstRead): Promise<unknown> | undefined {
  if (taken.has(key)) return undefined
  taken.add(key)
  if (key === 'session') {
    // The console's own channel is open by now and hears any later change.
    stopListening()
    if (sessionChanged) return undefined
  }
  return peekFirstRead(key)
}

/** The entry's read of one entry, for a reader in the entry script itself (not taken). */
export function peekFirstRead(key: FirstRead): Promise<unknown> | undefined {
  return firstReads?.then(
    (values) => values.get(key),
    () => undefined,
  )
}

/** The connection the entry script opened, for a reader that leaves it open for the console. */
export const earlyBoot = (): Promise<IDBDatabase> | undefined => early

/** The entry's connection, handed over once: the console's boot store keeps and closes it from then on. */
export function takeEarlyBoot(): Promise<IDBDatabase> | undefined {
  const taken = early
  early = undefined
  return taken
}
