/// <reference lib="webworker" />
import { get } from 'idb-keyval'
import { bootStore, type StoredSession } from '../core/boot-store'
import type { NewOutboxEntry } from './db'
import { loadDb } from './lazy-db'
import { pageScope } from './page-scope'
import { SYNC_TAG } from './sync-tag'
import { replayFromWorker } from './worker-replay'

/**
 * "Run again" on a push notification, in the service worker: the task's run is queued in the outbox
 * as one change, the same call the task's "Run now" sends (`POST /api/{env}/tasks/{id}/run`), and sent
 * like any queued change: at once when online, else by Background Sync when the network is back, or
 * by the next console page opened. Its Idempotency-Key (the entry's id) is made from the notification,
 * so a second tap, or the action delivered twice, queues nothing more, and a resend runs nothing twice.
 */

/** What the notification carries (the push message), as far as a queued run needs it. */
export interface RunAgainData {
  taskId?: unknown
  env?: unknown
  userId?: unknown
  notificationId?: unknown
  runId?: unknown
  taskName?: unknown
  title?: unknown
}

const ID = /^[A-Za-z0-9._:-]{1,80}$/
const ENV = /^[a-z][a-z0-9-]{0,39}$/
const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined
const id = (value: unknown) => (typeof value === 'string' && ID.test(value) ? value : undefined)

/** The outbox entry's id, and so the Idempotency-Key, of the run a notification asks for. */
export function runAgainKey(data: RunAgainData, shownAt: number): string | undefined {
  const taskId = id(data.taskId)
  if (!taskId) return undefined
  const notification = id(data.notificationId) ?? id(data.runId)
  // An older platform's message names no notification: the moment it was shown stands in.
  return `run-again:${taskId}:${notification ?? String(shownAt)}`
}

export type Queued = 'queued' | 'already' | 'unusable'

/**
 * Queues the run once. `unusable`: the message names no task or environment, or no user is known
 * (neither in the message nor signed in on this device), so nothing can be queued.
 */
export async function queueRunAgain(data: RunAgainData, shownAt: number, now = Date.now): Promise<Queued> {
  const taskId = id(data.taskId)
  const env = typeof data.env === 'string' && ENV.test(data.env) ? data.env : undefined
  const key = runAgainKey(data, shownAt)
  const session = await get<StoredSession>('session', bootStore).catch(() => undefined)
  const userId = id(data.userId) ?? session?.user.id
  if (!taskId || !env || !key || !userId) return 'unusable'
  const scope = await pageScope().catch(() => undefined)
  const db = await loadDb()
  return db.transaction('rw', db.outbox, async () => {
    if ((await db.outbox.where('id').equals(key).count()) > 0) return 'already'
    const entry: NewOutboxEntry = {
      id: key,
      userId,
      organizationId: scope?.organizationId ?? '',
      env,
      version: scope?.version ?? 'v2',
      method: 'POST',
      path: `/api/${encodeURIComponent(env)}/tasks/${encodeURIComponent(taskId)}/run`,
      resource: 'tasks',
      entityId: taskId,
      command: 'run',
      label: text(data.taskName, 200) ?? text(data.title, 200) ?? taskId,
      createdAt: now(),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
    }
    await db.outbox.add(entry)
    return 'queued'
  })
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> }
}

/**
 * Queues the run, tells open pages (they show it waiting, and one may send it with its own session),
 * then sends it from the worker when online; offline, or when the worker's send found no network, a
 * Background Sync sends it when the network is back, where the browser has one. Without a usable
 * session in the worker the change waits for the next open, as every queued change does.
 */
export async function runAgainFromWorker(
  scope: ServiceWorkerGlobalScope,
  data: RunAgainData,
  shownAt: number,
): Promise<Queued> {
  const queued = await queueRunAgain(data, shownAt)
  if (queued === 'unusable') return queued
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('orchestrator-outbox')
  channel?.postMessage('kick')
  channel?.close()
  const outcome = scope.navigator.onLine
    ? await replayFromWorker().catch(() => 'offline' as const)
    : 'offline'
  if (outcome === 'offline')
    await (scope.registration as ServiceWorkerRegistration & SyncRegistration).sync
      ?.register(SYNC_TAG)
      .catch(() => undefined)
  return queued
}
