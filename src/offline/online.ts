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

/** The platform did not answer: stay offline and ask it again now and then. */
export function markUnreachable() {
  if (!reachable) return
  reachable = false
  update()
  clearInterval(probe)
  probe = setInterval(() => {
    if (!navigator.onLine) return
    fetch('/api/sandbox/configs', { method: 'GET', cache: 'no-store' })
      .then((response) => {
        if (response.status < 500) markReachable()
      })
      .catch(() => {})
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
