const KEY = 'chunk-reload-at'
const WINDOW_MS = 60_000

/** True when a reload is allowed now: a failed chunk reloads the page at most once per minute. */
export function claimChunkReload(now = Date.now(), storage: Storage = sessionStorage): boolean {
  const last = Number(storage.getItem(KEY) ?? 0)
  if (now - last < WINDOW_MS) return false
  storage.setItem(KEY, String(now))
  return true
}

/**
 * A failed script or CSS chunk (usually a deploy replaced it) forces one reload, at most once per
 * minute; drafts and the outbox are already in IndexedDB, so nothing is lost. A second failure within
 * the minute lets the error reach the route's error page, which offers a retry.
 */
export function startChunkRecovery() {
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload
    // TanStack Router reloads once per message on its own; we own the policy, so tell it it has.
    if (error instanceof Error) sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1')
    if (claimChunkReload()) {
      event.preventDefault()
      location.reload()
    }
  })
}

const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i

/** A route's chunk that could not be fetched, however the import was made. */
export function isChunkError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message)
}

/**
 * For error pages: a chunk failure that reached the router (an import made without Vite's preload
 * helper raises no `vite:preloadError`) gets the same one reload a minute. True while it reloads.
 */
export function reloadForChunkError(error: unknown): boolean {
  if (!isChunkError(error) || !claimChunkReload()) return false
  location.reload()
  return true
}
