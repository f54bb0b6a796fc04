const ASKED_KEY = 'storage-persist-asked'
/** Firefox turns the request into a question to the user: it is asked again at most once a week. */
const ASK_EVERY_MS = 7 * 24 * 60 * 60 * 1000

/**
 * Asks the browser to keep our data (outbox, drafts, cache) under storage pressure, unless it already
 * does or it was asked lately. Only for a signed-in user, on a gesture or a queued change: see below.
 */
export async function requestPersistentStorage(now = Date.now()): Promise<boolean> {
  if (!navigator.storage?.persist) return false
  if (await navigator.storage.persisted()) return true
  try {
    const asked = localStorage.getItem(ASKED_KEY)
    if (asked !== null && now - Number(asked) < ASK_EVERY_MS) return false
    localStorage.setItem(ASKED_KEY, String(now))
  } catch {
    // Storage blocked: asking is still right, only its date is not kept.
  }
  return navigator.storage.persist().catch(() => false)
}

/**
 * Storage is worth keeping once a signed-in user works here: asked at their first click or key press
 * after sign-in (never on the login page, which a visitor may only look at, nor unasked at start).
 */
export function askPersistenceOnGesture(signedIn: () => boolean, target: Window = window) {
  const stop = () => {
    target.removeEventListener('pointerdown', ask, true)
    target.removeEventListener('keydown', ask, true)
  }
  function ask() {
    if (!signedIn() || target.location.pathname === '/login') return
    stop()
    void requestPersistentStorage()
  }
  target.addEventListener('pointerdown', ask, true)
  target.addEventListener('keydown', ask, true)
  return stop
}

/** True for the errors a full store gives (IndexedDB, Dexie, localStorage). */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string; inner?: { name?: string } } | null)?.name
  const inner = (error as { inner?: { name?: string } } | null)?.inner?.name
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError'
}
