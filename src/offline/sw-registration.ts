import { useSyncExternalStore } from 'react'

/**
 * Why this browser keeps no offline copy of the console: it has no service workers (an old browser,
 * private browsing in some), the page is not on HTTPS, or the browser refused the worker (private
 * browsing, an organization's policy, a setting).
 */
export type NoOfflineReason = 'unsupported' | 'insecure' | 'refused'

interface PwaState {
  /** A new version is installed and waits for the user's yes. */
  updateWaiting: boolean
  /** The browser offers installation. */
  canInstall: boolean
  /** Set once the registration failed or could not be tried: no offline copy, and why. */
  noOfflineCopy?: NoOfflineReason
}

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> }

let state: PwaState = { updateWaiting: false, canInstall: false }
const listeners = new Set<() => void>()
let registration: ServiceWorkerRegistration | undefined
let installPrompt: InstallPromptEvent | undefined

function set(next: Partial<PwaState>) {
  state = { ...state, ...next }
  for (const listener of listeners) listener()
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
  )
}

/** What the browser gave back is a registration (a blocked `register` may resolve to nothing). */
const isRegistration = (value: unknown): value is ServiceWorkerRegistration =>
  typeof value === 'object' &&
  value !== null &&
  'waiting' in value &&
  typeof (value as { update?: unknown }).update === 'function'

/** An installed worker waits while another controls the page: that is a new version. */
function watchForWaiting(reg: ServiceWorkerRegistration) {
  const note = () => {
    if (reg.waiting && navigator.serviceWorker.controller) set({ updateWaiting: true })
  }
  note()
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') note()
    })
  })
}

/** Hooks run before the page reloads for a new version (the forms keep their input as drafts). */
const beforeReload = new Set<() => Promise<unknown> | unknown>()
export function onBeforeUpdateReload(hook: () => Promise<unknown> | unknown): () => void {
  beforeReload.add(hook)
  return () => beforeReload.delete(hook)
}

async function reloadKeepingInput() {
  await Promise.allSettled([...beforeReload].map(async (hook) => hook()))
  location.reload()
}

/** How often a console left open looks for a new version (and on navigation, at most this often). */
export const UPDATE_CHECK_MS = 15 * 60_000
const NAVIGATION_CHECK_MS = 60_000
let lastCheck = 0

/** Asks the server for a new service worker; a failure (offline) is no news. */
export function checkForUpdate(minGapMs = 0) {
  if (!registration || Date.now() - lastCheck < minGapMs) return
  lastCheck = Date.now()
  registration.update().catch(() => undefined)
}

/** On a navigation inside the console: look again if the last look is a minute old. */
export const checkForUpdateOnNavigation = () => checkForUpdate(NAVIGATION_CHECK_MS)

/**
 * Registers the service worker in prompt mode: a new version never reloads a page by itself. Only
 * when the browser has the API and the registration succeeds; otherwise the console says once that
 * it keeps no offline copy here, and why.
 */
export async function registerServiceWorker() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    installPrompt = event as InstallPromptEvent
    set({ canInstall: true })
  })
  window.addEventListener('appinstalled', () => set({ canInstall: false }))
  if (!import.meta.env.PROD) return
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined
  if (!container || typeof container.register !== 'function') {
    set({ noOfflineCopy: window.isSecureContext === false ? 'insecure' : 'unsupported' })
    return
  }
  // The first install takes control too (clientsClaim): that change is not a new version.
  let firstClaim = container.controller === null
  let reloading = false
  container.addEventListener('controllerchange', () => {
    if (firstClaim) {
      firstClaim = false
      return
    }
    if (reloading) return
    reloading = true
    void reloadKeepingInput()
  })
  // The precache (every chunk) downloads once the first screen is up and the page is idle, not
  // against the first screen's own requests.
  await new Promise((resolve) =>
    'requestIdleCallback' in window
      ? requestIdleCallback(resolve, { timeout: 3000 })
      : setTimeout(resolve, 500),
  )
  let registered: unknown
  try {
    registered = await container.register('/sw.js', { scope: '/' })
  } catch {
    registered = undefined
  }
  if (!isRegistration(registered)) {
    set({ noOfflineCopy: 'refused' })
    return
  }
  registration = registered
  lastCheck = Date.now()
  watchForWaiting(registered)
  // A console left open looks for a new version now and then, and when it comes back to the foreground.
  setInterval(() => checkForUpdate(), UPDATE_CHECK_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate()
  })
}

/**
 * The user said yes: the waiting worker takes over and every open tab reloads on controllerchange,
 * each keeping its unsaved input as a draft first.
 */
export function applyUpdate() {
  const waiting = registration?.waiting
  if (waiting) waiting.postMessage({ type: 'SKIP_WAITING' })
  else void reloadKeepingInput()
}

export async function promptInstall() {
  if (!installPrompt) return
  await installPrompt.prompt()
  await installPrompt.userChoice
  installPrompt = undefined
  set({ canInstall: false })
}
