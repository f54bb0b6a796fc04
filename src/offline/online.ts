import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/**
 * Online means the browser says so and the platform answered lately: a failed request is evidence of
 * an unreachable platform, `navigator.onLine` alone is not (captive portals, dead Wi-Fi).
 */
let reachable = true
let probe: ReturnType<typeof setInterval> | undefined
const PROBE_MS = 10_000
let update: () => void = () => {}

function computeOnline() {
  return navigator.onLine && reachable
}

export function startOnlineTracking() {
  onlineManager.setEventListener((setOnline) => {
    update = () => setOnline(computeOnline())
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    update()
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  })
}

/** Asks the platform whether it answers (its public configs call). */
async function ping(): Promise<boolean> {
  try {
    const response = await fetch('/api/sandbox/configs', { cache: 'no-store' })
    return response.status < 502 || response.status > 504
  } catch {
    return false
  }
}

/** One look at the platform at boot: the cached screens say at once whether they are live. */
export async function checkReachability() {
  if (await ping()) markReachable()
  else markUnreachable()
}

/** The platform did not answer: stay offline and ask it again now and then. */
export function markUnreachable() {
  if (!reachable) return
  reachable = false
  update()
  clearInterval(probe)
  probe = setInterval(() => {
    void ping().then((ok) => ok && markReachable())
  }, PROBE_MS)
}

export function markReachable() {
  if (reachable) return
  reachable = true
  clearInterval(probe)
  update()
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  )
}
