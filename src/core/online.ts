// Core layer: the console's view of the connection. Imports only core/ and contract/.

import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { currentScope } from './scope'
import { getSession } from './session'

/**
 * Online means the browser says so and the platform answers. `navigator.onLine` false is offline at
 * once; a request that got no answer is not an outage by itself (a flaky line drops some): it starts a
 * light probe of the platform, with backoff, and only several probes failing in a row, with no other
 * answer meanwhile, say the platform is out of reach. Any answer says it is back.
 */
let reachable = true
/** When the console last went offline (browser or platform), while it is. */
let offlineSince: number | undefined
/** Probes failed in a row since the last answer. */
let failures = 0
let probing = false
let probeTimer: ReturnType<typeof setTimeout> | undefined
let setOnline: (online: boolean) => void = () => {}
const listeners = new Set<() => void>()

/**
 * Probes that must fail in a row, after a request got no answer, before the console says Offline: on a
 * line that drops 30 % of requests four in a row happen less than once in a hundred series, while a
 * platform out of reach is said within about three seconds.
 */
export const PROBES_BEFORE_OFFLINE = 4
/** Waits before each probe: quick at first, then backing off while the platform stays out of reach. */
const PROBE_DELAYS_MS = [200, 500, 1000, 1500, 4000, 8000, 15_000, 30_000]
const PROBE_TIMEOUT_MS = 8000

const computeOnline = () => navigator.onLine && reachable

function publish() {
  const online = computeOnline()
  if (!online) offlineSince ??= Date.now()
  else offlineSince = undefined
  setOnline(online)
  for (const listener of listeners) listener()
}

export function startOnlineTracking() {
  onlineManager.setEventListener((set) => {
    setOnline = set
    const wentOnline = () => {
      publish()
      // The browser has a network again: ask the platform now rather than at the next backoff.
      if (!reachable) schedule(0)
    }
    window.addEventListener('online', wentOnline)
    window.addEventListener('offline', publish)
    publish()
    return () => {
      window.removeEventListener('online', wentOnline)
      window.removeEventListener('offline', publish)
    }
  })
}

/**
 * Asks the platform whether it answers (its configs call, small and uncached), as every call is made:
 * JSON accepted, and the Bearer token once signed in (a platform may protect configs; any answer,
 * a 401 included, says it is reachable).
 */
async function ping(): Promise<boolean> {
  try {
    const token = getSession()?.token
    const response = await fetch(`/api/${encodeURIComponent(currentScope().env)}/configs`, {
      cache: 'no-store',
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    })
    return response.status < 502 || response.status > 504
  } catch {
    return false
  }
}

function schedule(attempt: number) {
  clearTimeout(probeTimer)
  probing = true
  const wait = PROBE_DELAYS_MS[Math.min(attempt, PROBE_DELAYS_MS.length - 1)] ?? 30_000
  probeTimer = setTimeout(() => void probe(), wait)
}

async function probe() {
  // The browser has no network: its "online" event will start the probes again.
  if (!navigator.onLine) {
    probing = false
    return
  }
  if (await ping()) {
    markReachable()
    return
  }
  failures += 1
  if (reachable && failures >= PROBES_BEFORE_OFFLINE) {
    reachable = false
    publish()
  }
  schedule(failures)
}

/** One look at the platform at boot, as if a request had gone unanswered if it does not answer. */
export async function checkReachability() {
  if (await ping()) markReachable()
  else noteNoAnswer()
}

/** A request got no answer: look at the platform (once per series), never Offline at once. */
export function noteNoAnswer() {
  if (probing) return
  failures = 0
  schedule(0)
}

/** The platform answered: online again (when the browser agrees), probes stop. */
export function markReachable() {
  failures = 0
  if (probing) {
    probing = false
    clearTimeout(probeTimer)
  }
  if (reachable) return
  reachable = true
  publish()
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  )
}

/** Online or not, and since when the console has been offline. */
export function useOfflineSince(): number | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => offlineSince,
  )
}

/** For tests: the tracker's state back to its start. */
export function resetOnlineTracking() {
  clearTimeout(probeTimer)
  reachable = true
  offlineSince = undefined
  failures = 0
  probing = false
}
