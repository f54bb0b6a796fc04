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

/**
 * Started by the entry script before anything else: opening the database (30-50 ms, more on a first
 * visit, which creates it) then runs while the console's code downloads instead of after it, and the
 * console's first reads of the session and the cache find it open.
 */
export function openBootEarly(): void {
  try {
    early = openBootDatabase()
    early.catch(() => undefined)
  } catch {
    early = undefined
  }
}

/** The connection the entry script opened, for a reader that leaves it open for the console. */
export const earlyBoot = (): Promise<IDBDatabase> | undefined => early

/** The entry's connection, handed over once: the console's boot store keeps and closes it from then on. */
export function takeEarlyBoot(): Promise<IDBDatabase> | undefined {
  const taken = early
  early = undefined
  return taken
}
