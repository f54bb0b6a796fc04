/** Asks the browser to keep our data (outbox, drafts, cache) under storage pressure. */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false
  if (await navigator.storage.persisted()) return true
  return navigator.storage.persist().catch(() => false)
}

/** True for the errors a full store gives (IndexedDB, Dexie, localStorage). */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string; inner?: { name?: string } } | null)?.name
  const inner = (error as { inner?: { name?: string } } | null)?.inner?.name
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError'
}
