/**
 * Runs `task` once the main thread is idle (at the latest after `timeout` ms), so that work no screen
 * waits for never delays one. Returns a cancel.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if ('requestIdleCallback' in window) {
    const idle = requestIdleCallback(task, { timeout })
    return () => cancelIdleCallback(idle)
  }
  const timer = setTimeout(task, 200)
  return () => clearTimeout(timer)
}
