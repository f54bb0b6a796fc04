import { useSyncExternalStore } from 'react'
import { fieldsOf } from '../contract/reading'
import { request } from '../core/http'
import { isResource, type Resource } from '../core/resources'
import { organizationSetting, versionSetting } from '../core/scope'
import { getSession, onSessionChange } from '../core/session'
import type { OutboxEntry } from './db'
import { loadDb } from './lazy-db'
import { onQueued } from './outbox'
import { keepPageScope } from './page-scope'
import { dueNow, replayOnce, type SendResult } from './replay'
import { SYNC_TAG } from './sync-tag'

export interface SyncProgress {
  running: boolean
  done: number
  total: number
  /** The ids of the changes on the wire. */
  sending: readonly string[]
  /** A 401 stopped the replay: it goes on when the same user signs in again. */
  paused: boolean
}

/**
 * A value screens subscribe to, published at most once per animation frame (or per 100 ms, in a
 * hidden tab where frames stop): a replay updates it per answer, a screen renders it per frame.
 */
export function frameStore<T>(initial: T) {
  let latest = initial
  let shown = initial
  let due = false
  const listeners = new Set<() => void>()
  const publish = () => {
    if (!due) return
    due = false
    shown = latest
    for (const listener of listeners) listener()
  }
  return {
    /** The latest value, published or not (what the next one is made from). */
    latest: () => latest,
    /** What screens show. */
    shown: () => shown,
    set(next: T) {
      latest = next
      if (due) return
      due = true
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(publish)
      setTimeout(publish, 100)
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

const store = frameStore<SyncProgress>({ running: false, done: 0, total: 0, sending: [], paused: false })
const setProgress = (change: Partial<SyncProgress>) => store.set({ ...store.latest(), ...change })

export function useSyncProgress(): SyncProgress {
  return useSyncExternalStore(store.subscribe, store.shown)
}

async function send(entry: OutboxEntry): Promise<SendResult> {
  const headers: Record<string, string> = { 'Idempotency-Key': entry.id }
  if (entry.baseVersion) headers['If-Match'] = entry.baseVersion
  const result = await request<unknown>({ method: entry.method, path: entry.path, body: entry.body, headers })
  // A 2xx answer with success=false is a refusal, not a success.
  const refused = result.error !== undefined && result.status >= 200 && result.status < 300
  return { status: refused ? 422 : result.status, data: result.data, body: result.body, error: result.error }
}

let inFlight: Promise<void> | null = null
let again = false
let pausedFor: string | null = null
let timer: ReturnType<typeof setTimeout> | undefined
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('orchestrator-outbox')

/**
 * The sync centre's "Sync now": sends every waiting change now, whatever its backoff, and goes on
 * after a 401 paused the replay (the session may be fine again).
 */
export function syncNow() {
  pausedFor = null
  void dueNow('all').finally(kickReplay)
}

/** Replays the queue now (or right after the pass under way); other tabs wait for the lock. */
export function kickReplay() {
  if (inFlight) {
    again = true
    return
  }
  inFlight = run().finally(() => {
    inFlight = null
    if (again) {
      again = false
      kickReplay()
    }
  })
}

async function run() {
  const session = getSession()
  if (!session || pausedFor === session.user.id || !navigator.onLine) return
  // Screens refresh once per pass and resource, not once per sent change.
  const settled = new Map<Resource, OutboxEntry>()
  const pass = async () => {
    for (;;) {
      const { sent, outcome } = await replayOnce({
        userId: session.user.id,
        organizationId: organizationSetting.get(),
        send,
        onSettled: (entry) => settled.set(entry.resource, entry),
        onProgress: (done, total) =>
          setProgress({ running: total > 0 && done < total, done, total, paused: false }),
        onSending: (sending) => setProgress({ sending }),
      })
      if (outcome === 'unauthorized') {
        pausedFor = session.user.id
        setProgress({ paused: true })
      }
      if (outcome !== 'idle' || sent === 0) break
    }
  }
  try {
    if (navigator.locks) await navigator.locks.request('orchestrator-outbox', pass)
    else await pass()
  } finally {
    for (const resource of settled.keys()) settledHandler(resource)
    setProgress({ running: false, sending: [] })
    // Other tabs refresh the same lists: their next edit must start from what the platform has now.
    channel?.postMessage({ settled: [...settled.keys()] })
    await planNextAttempt()
  }
}

async function planNextAttempt() {
  clearTimeout(timer)
  const db = await loadDb()
  const waiting = await db.outbox.where('status').equals('pending').toArray()
  if (waiting.length === 0) return
  const next = Math.min(...waiting.map((e) => e.nextAttemptAt))
  timer = setTimeout(kickReplay, Math.max(1000, next - Date.now()))
}

let settledHandler: (resource: Resource) => void = () => {}

/**
 * Where the browser has Background Sync, the service worker sends what waits once the network is
 * back, even after every console page is closed (worker-replay.ts). Elsewhere nothing changes.
 */
function registerBackgroundSync() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  void navigator.serviceWorker.ready
    .then((registration) =>
      (
        registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
      ).sync?.register(SYNC_TAG),
    )
    .catch(() => undefined)
}

/** Starts replaying: now, when changes are queued, when the connection or the session comes back. */
export function startOutboxSync(onSettled: (resource: Resource) => void) {
  settledHandler = onSettled
  // What the service worker queues ("Run again" on a notification) joins this scope's changes.
  const keepScope = () =>
    void keepPageScope({
      organizationId: organizationSetting.get(),
      version: versionSetting.get(),
    }).catch(() => undefined)
  keepScope()
  organizationSetting.subscribe(keepScope)
  versionSetting.subscribe(keepScope)
  onQueued(kickReplay)
  onQueued(registerBackgroundSync)
  onSessionChange(() => {
    pausedFor = null
    if (store.latest().paused) setProgress({ paused: false })
    kickReplay()
  })
  window.addEventListener('online', () => {
    void dueNow('unreachable').finally(kickReplay)
  })
  channel?.addEventListener('message', (event) => {
    if (event.data === 'kick') kickReplay()
    const resources = fieldsOf(event.data).settled
    if (Array.isArray(resources)) for (const r of resources) if (isResource(r)) settledHandler(r)
  })
  kickReplay()
}
