// Core layer: no dependencies, so the first screen's bundle stays small.

/**
 * Code loaded on demand may not come: offline on a first visit, no service worker keeps the chunks
 * yet. A load that failed is tried again as the browser is back online, and on each later return
 * until it comes; `use` then runs once. A failure of `use` itself is not the connection's: trying the
 * load again would run it twice, so it is not retried, and is dropped as before. The returned cancel
 * stops the tries, and `use` if the code has not come yet (a screen left meanwhile).
 */
export function loadWhenOnline<T>(load: () => Promise<T>, use: (loaded: T) => unknown): () => void {
  let cancelled = false
  const attempt = () =>
    void load()
      .then(
        (loaded) => (cancelled ? undefined : use(loaded)),
        () => cancelled || window.addEventListener('online', attempt, { once: true }),
      )
      .catch(() => undefined)
  attempt()
  return () => {
    cancelled = true
    window.removeEventListener('online', attempt)
  }
}
