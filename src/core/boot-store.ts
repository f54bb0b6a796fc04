import type { UseStore } from 'idb-keyval'
import { BOOT_DB, BOOT_STORE, takeEarlyBoot } from './boot-open'

/** How long a read or write of the boot store may go unanswered before it fails. */
export const STORE_ANSWER_MS = 3000

/** IndexedDB gave no answer at all (no success, no error, not blocked) within the bound. */
export class StorageNotAnswering extends Error {
  constructor() {
    super('The storage of this device is not answering')
    this.name = 'StorageNotAnswering'
  }
}

/** `work`, or StorageNotAnswering once `ms` have passed without its answer. */
export function answeredWithin<T>(work: Promise<T>, ms = STORE_ANSWER_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StorageNotAnswering()), ms)
  })
  return Promise.race([work, silence]).finally(() => clearTimeout(timer))
}

/** What a page hidden into the back/forward cache does with a store: see `answeringStore`. */
export interface PageLifecycle {
  onHiddenToCache(listener: () => void): void
  onShown(listener: () => void): void
}

const windowLifecycle: PageLifecycle | undefined =
  typeof window === 'undefined'
    ? undefined
    : {
        onHiddenToCache: (listener) =>
          window.addEventListener('pagehide', (event) => {
            if (event.persisted) listener()
          }),
        onShown: (listener) => window.addEventListener('pageshow', listener),
      }

/**
 * idb-keyval's store, with two guards. WebKit puts a page left while it still reads or writes into
 * its back/forward cache with those transactions open, and never ends them: every later page of the
 * origin then waits for the store for good (a reload does not help). So a page going into that cache
 * aborts what it has in flight, closes its connection and asks nothing more until it is shown again
 * (what is lost is a write of the query cache, which the next change writes again). And whatever
 * still gets no answer fails after `answerMs` with StorageNotAnswering, so no caller waits for ever.
 */
export function answeringStore(
  dbName: string,
  storeName: string,
  {
    answerMs = STORE_ANSWER_MS,
    lifecycle = windowLifecycle,
    adopt,
  }: {
    answerMs?: number
    lifecycle?: PageLifecycle
    /** A connection already being opened (by the entry script), used for the first open. */
    adopt?: () => Promise<IDBDatabase> | undefined
  } = {},
): UseStore {
  let connection: Promise<IDBDatabase> | undefined
  const inFlight = new Set<IDBTransaction>()
  let hidden = false

  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(dbName)
      request.onupgradeneeded = () => request.result.createObjectStore(storeName)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })

  const database = () => {
    if (!connection) {
      const opening: Promise<IDBDatabase> = (adopt?.() ?? open()).then((db) => {
        // An open answered after the caller gave up is not kept.
        if (connection === opening) return db
        db.close()
        throw new StorageNotAnswering()
      })
      connection = opening
      opening.then(
        (db) => {
          // WebKit may close a connection by itself: the next use opens another.
          db.onclose = () => {
            if (connection === opening) connection = undefined
          }
          // Another connection deletes or upgrades the database: this one gives way, the next use reopens.
          db.onversionchange = () => {
            db.close()
            if (connection === opening) connection = undefined
          }
        },
        () => {
          if (connection === opening) connection = undefined
        },
      )
    }
    return connection
  }

  lifecycle?.onHiddenToCache(() => {
    hidden = true
    for (const tx of inFlight) {
      try {
        tx.abort()
      } catch {
        // Already finished.
      }
    }
    inFlight.clear()
    const closing = connection
    connection = undefined
    void closing?.then(
      (db) => db.close(),
      () => undefined,
    )
  })
  lifecycle?.onShown(() => {
    hidden = false
  })

  return (mode, callback) => {
    if (hidden) return Promise.reject(new Error('The page is in the back/forward cache'))
    const opening = database()
    const work = opening.then((db) => {
      const tx = db.transaction(storeName, mode)
      inFlight.add(tx)
      const done = () => inFlight.delete(tx)
      tx.addEventListener('complete', done)
      tx.addEventListener('abort', done)
      return callback(tx.objectStore(storeName))
    })
    return answeredWithin(work, answerMs).catch((error) => {
      // A connection that does not answer is not asked again: the next use opens another.
      if (error instanceof StorageNotAnswering && connection === opening) connection = undefined
      throw error
    })
  }
}

/**
 * What the boot reads before the first render, the session and the persisted query cache, in a small
 * database of its own through idb-keyval: a visitor's page never loads Dexie (32 KB gzip).
 */
export const bootStore = answeringStore(BOOT_DB, BOOT_STORE, { adopt: takeEarlyBoot })

/** The session as the boot store keeps it (and as earlier versions kept it in the outbox database). */
export interface StoredSession {
  key: 'current'
  kind: 'oidc' | 'developer'
  user: { id: string; email: string; firstName?: string; lastName?: string }
  /** Bearer token of every call: the id token (OIDC) or the pasted developer token. */
  token: string
  accessToken?: string
  refreshToken?: string
  /** Epoch milliseconds when `token` stops working. */
  expiresAt: number
}

/** Earlier versions kept the session and the cache in Dexie's database; the outbox and drafts stay there. */
const LEGACY_DB = 'orchestrator'

const completed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onabort = () => reject(tx.error)
  })

/** Opens the earlier database as it is, without creating it: null when there is none. */
function openLegacy(): Promise<IDBDatabase | null> {
  const opening = new Promise<IDBDatabase | null>((resolve) => {
    const request = indexedDB.open(LEGACY_DB)
    // Opened without a version, an upgrade means the database did not exist: undo its creation.
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => resolve(null)
  })
  // Given up on, a late connection is closed: it would block the outbox database's upgrades.
  return answeredWithin(opening).catch((error) => {
    void opening.then((db) => db?.close())
    throw error
  })
}

/** Deletes the earlier version's session row and the query cache beside it. */
async function deleteLegacyRows(db: IDBDatabase) {
  const stores = ['session', 'cache'].filter((name) => db.objectStoreNames.contains(name))
  if (!stores.includes('session')) return
  const deleting = db.transaction(stores, 'readwrite')
  deleting.objectStore('session').delete('current')
  if (stores.includes('cache')) deleting.objectStore('cache').delete('query-cache')
  await completed(deleting)
}

/**
 * Forgets the session an earlier version stored, on a sign-out: a move cut short between saving the
 * session and deleting its earlier row (the page was left) would otherwise sign the user in again.
 */
export async function forgetLegacySession(): Promise<void> {
  const db = await openLegacy()
  if (!db) return
  try {
    await deleteLegacyRows(db)
  } finally {
    db.close()
  }
}

/**
 * Moves the session an earlier version stored (store `session`, key `current`) through `save`, so an
 * installed console stays signed in after the update. Plain IndexedDB, not Dexie. The earlier row and
 * the query cache beside it are deleted once the session is saved: a sign-out must not bring them back.
 */
export async function moveLegacySession(
  save: (session: StoredSession) => Promise<void>,
): Promise<StoredSession | undefined> {
  const db = await openLegacy().catch((error) => {
    // Not answering is the storage's state, not the absence of an earlier session.
    if (error instanceof StorageNotAnswering) throw error
    return null
  })
  if (!db) return undefined
  try {
    if (!db.objectStoreNames.contains('session')) return undefined
    const reading = db.transaction('session')
    const read = reading.objectStore('session').get('current')
    await completed(reading)
    const session = read.result as StoredSession | undefined
    if (!session) return undefined
    await save(session)
    await deleteLegacyRows(db)
    return session
  } finally {
    // An open connection would block the outbox database's next schema upgrade.
    db.close()
  }
}
