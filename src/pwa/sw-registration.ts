// PWA layer: the browser side (service worker, storage, cache). Imports only core/ and contract/.

import { useSyncExternalStore } from 'react'
import { whenIdle } from '../core/idle'
import { onControllerChange } from './controller-change'
import { onInstallOffer } from './install-offer'
import { keepUnsavedInput } from './unsaved'

/**
 * Why this browser keeps no offline copy of the console: it has no service workers (an old browser,
 * private browsing in some), the page is not on HTTPS, or the browser refused the worker (private
 * browsing, an organization's policy, a setting).
 */
export type NoOfflineReason = 'unsupported' | 'insecure' | 'refused'

interface PwaState {
  /** A new version is installed and waits for the user's yes. */
  updateWaiting: boolean
  /** The browser offers installation (its own prompt). */
  canInstall: boolean
  /** iOS Safari and the like: no prompt, but "Add to Home Screen" from the share menu installs. */
  addToHomeScreen: boolean
  /** Set once the registration failed or could not be tried: no offline copy, and why. */
  noOfflineCopy?: NoOfflineReason
  /** The new version is active (accepted in another tab) but this tab holds input it cannot keep. */
  reloadWaits: boolean
  /** The user said "Later": the banner is away until then. */
  laterUntil: number
}

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> }

/** iPhone and iPad Safari (an iPad says it is a Mac with touch), not yet running from the home screen. */
function offersAddToHomeScreen(): boolean {
  if (typeof navigator === 'undefined') return false
  const ua = navigator.userAgent
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)
  // Other browsers on iOS name themselves (CriOS, FxiOS, EdgiOS); only Safari adds to the home screen.
  const safari = /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua)
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches === true
  return ios && safari && !standalone
}

let state: PwaState = {
  updateWaiting: false,
  canInstall: false,
  addToHomeScreen: false,
  reloadWaits: false,
  laterUntil: 0,
}
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

/**
 * Reloads for the new version once every form's unsaved input is kept as a draft. A form whose input
 * cannot be kept holds the reload: the banner says so, and the user reloads when it is saved.
 */
async function reloadKeepingInput(force = false) {
  const kept = await keepUnsavedInput()
  if (!kept && !force) {
    set({ reloadWaits: true })
    return
  }
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
  if (offersAddToHomeScreen()) set({ addToHomeScreen: true })
  onInstallOffer((event) => {
    installPrompt = event as InstallPromptEvent
    set({ canInstall: true })
  })
  window.addEventListener('appinstalled', () => set({ canInstall: false, addToHomeScreen: false }))
  if (!import.meta.env.PROD) return
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined
  if (!container || typeof container.register !== 'function') {
    set({ noOfflineCopy: window.isSecureContext === false ? 'insecure' : 'unsupported' })
    return
  }
  // A new version taking control (another tab's Reload) reloads this tab too, even one that came
  // while this code was loading; the first install's claim (clientsClaim) is no new version.
  let reloading = false
  onControllerChange(() => {
    if (reloading) return
    reloading = true
    void reloadKeepingInput()
  })
  // The precache (every chunk) downloads once the first screen is up and the page is idle, not
  // against the first screen's own requests.
  await new Promise<void>((resolve) => void whenIdle(resolve, 3000))
  let registered: unknown
  try {
    registered = await container.register('/sw.js', { scope: '/' })
  } catch {
    registered = undefined
  }
  // Offline, registering fails to fetch the script: the worker installed before still serves the console.
  if (!isRegistration(registered)) registered = await container.getRegistration('/').catch(() => undefined)
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
 * each keeping its unsaved input as a draft first. `force`: reload even input that cannot be kept.
 */
export function applyUpdate(force = false) {
  const waiting = registration?.waiting
  if (waiting && !force) waiting.postMessage({ type: 'SKIP_WAITING' })
  else void reloadKeepingInput(force)
}

/** How long "Later" puts the update banner away. */
export const UPDATE_LATER_MS = 30 * 60_000
let laterTimer: ReturnType<typeof setTimeout> | undefined

/** "Later": the banner goes away for a while; the new version still waits, and comes with the next load. */
export function postponeUpdate() {
  set({ laterUntil: Date.now() + UPDATE_LATER_MS })
  clearTimeout(laterTimer)
  laterTimer = setTimeout(() => set({ laterUntil: 0 }), UPDATE_LATER_MS)
}

export async function promptInstall() {
  if (!installPrompt) return
  await installPrompt.prompt()
  await installPrompt.userChoice
  installPrompt = undefined
  set({ canInstall: false })
}
