import { useSyncExternalStore } from 'react'
import type { Workbox } from 'workbox-window'

interface PwaState {
  /** A new version is installed and waits for the user's yes. */
  updateWaiting: boolean
  /** The browser offers installation. */
  canInstall: boolean
}

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> }

let state: PwaState = { updateWaiting: false, canInstall: false }
const listeners = new Set<() => void>()
let workbox: Workbox | undefined
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

/** Registers the service worker in prompt mode: a new version never reloads a page by itself. */
export async function registerServiceWorker() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    installPrompt = event as InstallPromptEvent
    set({ canInstall: true })
  })
  window.addEventListener('appinstalled', () => set({ canInstall: false }))
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return
  // The first install takes control too (clientsClaim): that change is not a new version.
  let firstClaim = navigator.serviceWorker.controller === null
  let reloading = false
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (firstClaim) {
      firstClaim = false
      return
    }
    if (reloading) return
    reloading = true
    location.reload()
  })
  // The precache (every chunk) downloads once the first screen is up and the page is idle, not
  // against the first screen's own requests.
  await new Promise((resolve) =>
    'requestIdleCallback' in window
      ? requestIdleCallback(resolve, { timeout: 3000 })
      : setTimeout(resolve, 500),
  )
  const { Workbox } = await import('workbox-window')
  workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => set({ updateWaiting: true }))
  await workbox.register()
  // Look for a new version when the app comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void workbox?.update()
  })
}

/** The user said yes: the waiting worker takes over and every open tab reloads on controllerchange. */
export function applyUpdate() {
  workbox?.messageSkipWaiting()
}

export async function promptInstall() {
  if (!installPrompt) return
  await installPrompt.prompt()
  await installPrompt.userChoice
  installPrompt = undefined
  set({ canInstall: false })
}
