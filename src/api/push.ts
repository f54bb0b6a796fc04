import type { PushDevice } from '../contract/push'
import { dataOrThrow, request } from '../core/http'

/**
 * This device's Web Push subscription: asked for only on the user's click (the browser shows its
 * permission prompt then), made with the service worker's pushManager and the platform's VAPID key,
 * and handed to the platform. Loaded on that click or on the profile, never with the first screen.
 */

/** Where this browser remembers its own subscription's id, so that signing out removes it. */
const STORAGE_KEY = 'orchestrator.pushDevice'

export type PushProblem = 'unsupported' | 'denied' | 'no-worker' | 'subscribe-failed' | 'platform'

export class PushDeviceError extends Error {
  constructor(
    readonly problem: PushProblem,
    detail?: string,
  ) {
    super(detail ?? problem)
  }
}

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window

/** The service worker, or undefined when none is active within a few seconds (development, a blocked worker). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5000)),
  ])
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  return Uint8Array.from(raw, (ch) => ch.charCodeAt(0))
}

/** A name the user recognises on the profile: the browser and the system, as the browser tells them. */
/** Browsers and systems by a mark in the user agent, the first that matches (Edge's also names Chrome). */
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
]

export function deviceName(agent = navigator.userAgent): string {
  const named = (names: [RegExp, string][]) => names.find(([mark]) => mark.test(agent))?.[1]
  const browser = named(BROWSERS) ?? 'Browser'
  const system = named(SYSTEMS)
  return system ? `${browser} on ${system}` : browser
}

/**
 * Subscribes this device and saves it on the platform. Resolves to the device as listed on the
 * profile; rejects with a PushDeviceError telling which step failed.
 */
export async function subscribeThisDevice(): Promise<PushDevice> {
  if (!pushSupported()) throw new PushDeviceError('unsupported')
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') throw new PushDeviceError('denied')
  const reg = await registration()
  if (!reg) throw new PushDeviceError('no-worker')
  const key = await request<{ publicKey: string }>({ path: '/api/{env}/push/vapid-public-key' })
  if (key.error !== undefined || !key.data?.publicKey) throw new PushDeviceError('platform', key.error)
  let subscription: PushSubscription
  try {
    subscription =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key.data.publicKey),
      }))
  } catch (error) {
    throw new PushDeviceError('subscribe-failed', error instanceof Error ? error.message : String(error))
  }
  const saved = await request<PushDevice>({
    method: 'POST',
    path: '/api/{env}/push-subscriptions',
    body: { ...subscription.toJSON(), deviceName: deviceName() },
  })
  if (saved.error !== undefined || !saved.data) throw new PushDeviceError('platform', saved.error)
  localStorage.setItem(STORAGE_KEY, saved.data.id)
  return saved.data
}

export async function listDevices(signal?: AbortSignal): Promise<PushDevice[]> {
  return dataOrThrow(await request<PushDevice[]>({ path: '/api/{env}/push-subscriptions', signal }))
}

/** Removes a device of the user's; when it is this one, the browser's subscription ends too. */
export async function removeDevice(id: string) {
  const result = await request({
    method: 'DELETE',
    path: '/api/{env}/push-subscriptions/{id}',
    params: { id },
  })
  if (localStorage.getItem(STORAGE_KEY) === id) {
    localStorage.removeItem(STORAGE_KEY)
    await unsubscribeBrowser()
  }
  return result
}

async function unsubscribeBrowser() {
  if (!pushSupported()) return
  const reg = await navigator.serviceWorker.getRegistration()
  await (await reg?.pushManager.getSubscription())?.unsubscribe()
}

export const thisDeviceId = () => localStorage.getItem(STORAGE_KEY)

/**
 * On sign-out: this device stops receiving the user's notifications (the next user of a shared
 * device must not see them). Called while the session still holds its token.
 */
export async function forgetThisDevice() {
  const id = thisDeviceId()
  if (!id) return
  localStorage.removeItem(STORAGE_KEY)
  await Promise.race([
    request({ method: 'DELETE', path: '/api/{env}/push-subscriptions/{id}', params: { id } }),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ]).catch(() => undefined)
  await unsubscribeBrowser().catch(() => undefined)
}
