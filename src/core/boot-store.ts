import { createStore } from 'idb-keyval'

/**
 * What the boot reads before the first render, the session and the persisted query cache, in a small
 * database of its own through idb-keyval: a visitor's page never loads Dexie (32 KB gzip).
 */
export const bootStore = createStore('orchestrator-boot', 'kv')

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
  return new Promise((resolve) => {
    const request = indexedDB.open(LEGACY_DB)
    // Opened without a version, an upgrade means the database did not exist: undo its creation.
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => resolve(null)
  })
}

/**
 * Moves the session an earlier version stored (store `session`, key `current`) through `save`, so an
 * installed console stays signed in after the update. Plain IndexedDB, not Dexie. The earlier row and
 * the query cache beside it are deleted once the session is saved: a sign-out must not bring them back.
 */
export async function moveLegacySession(
  save: (session: StoredSession) => Promise<void>,
): Promise<StoredSession | undefined> {
  const db = await openLegacy().catch(() => null)
  if (!db) return undefined
  try {
    if (!db.objectStoreNames.contains('session')) return undefined
    const reading = db.transaction('session')
    const read = reading.objectStore('session').get('current')
    await completed(reading)
    const session = read.result as StoredSession | undefined
    if (!session) return undefined
    await save(session)
    const stores = ['session', 'cache'].filter((name) => db.objectStoreNames.contains(name))
    const deleting = db.transaction(stores, 'readwrite')
    deleting.objectStore('session').delete('current')
    if (stores.includes('cache')) deleting.objectStore('cache').delete('query-cache')
    await completed(deleting)
    return session
  } finally {
    // An open connection would block the outbox database's next schema upgrade.
    db.close()
  }
}
