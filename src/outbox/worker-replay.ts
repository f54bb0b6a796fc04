/// <reference lib="webworker" />
import { get } from 'idb-keyval'
import { fieldsOf } from '../contract/reading'
import { bootStore, type StoredSession } from '../core/boot-store'
import { platformHeaders } from '../core/early-requests'
import type { OutboxEntry } from './db'
import { loadDb } from './lazy-db'
import { replayOnce, type SendResult } from './replay'
import { SYNC_TAG } from './sync-tag'

/**
 * Background Sync: the service worker sends the outbox after every console page is closed, where the
 * browser has the API (Chromium, Android). It replays the same entries with the same Idempotency-Key
 * and If-Match, through the same `replayOnce`, under the same lock the pages take: a page and the
 * worker never send at once, and what one sent the other finds settled. The worker never renews a
 * session: with the stored token expired (or refused, 401), the changes wait for the next open, and a
 * refresh token is only ever used by a page.
 */

const LOCK = 'orchestrator-outbox'
/** A token this close to its end is not used: it might end mid-replay. */
const TOKEN_MARGIN_MS = 30_000

async function send(entry: OutboxEntry, token: string): Promise<SendResult> {
  const headers = platformHeaders(entry.path, token, entry.organizationId, {
    'Idempotency-Key': entry.id,
    ...(entry.baseVersion ? { 'If-Match': entry.baseVersion } : {}),
    ...(entry.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
  })
  let response: Response
  let text: string
  try {
    response = await fetch(entry.path, {
      method: entry.method,
      headers,
      body: entry.body === undefined ? undefined : JSON.stringify(entry.body),
      signal: AbortSignal.timeout(30_000),
    })
    text = await response.text()
  } catch (error) {
    return { status: 0, error: error instanceof Error ? error.message : String(error) }
  }
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    return { status: response.ok ? 502 : response.status, error: response.statusText || 'Unreadable answer' }
  }
  const b = fieldsOf(body)
  const message = [fieldsOf(b.error).message, b.message].find((m): m is string => typeof m === 'string')
  if (!response.ok) return { status: response.status, body, error: message ?? response.statusText }
  // A 2xx answer with success=false is a refusal, as the pages read it.
  if (b.success === false) return { status: 422, body, error: message }
  return { status: response.status, data: 'result' in b ? b.result : body, body }
}

/** Sends what waits, for the signed-in user of the stored session. Resolves when done or stopped. */
export async function replayFromWorker(
  now = Date.now,
): Promise<'done' | 'no-session' | 'offline' | 'unauthorized'> {
  const session = await get<StoredSession>('session', bootStore)
  if (!session?.token || session.expiresAt - TOKEN_MARGIN_MS <= now()) return 'no-session'
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('orchestrator-outbox')
  const settled = new Set<string>()
  let result: 'done' | 'offline' | 'unauthorized' = 'done'
  const pass = async () => {
    const db = await loadDb()
    const organizations = new Set(
      (await db.outbox.where('userId').equals(session.user.id).toArray()).map((e) => e.organizationId),
    )
    for (const organizationId of organizations)
      for (;;) {
        const { sent, outcome } = await replayOnce({
          userId: session.user.id,
          organizationId,
          send: (entry) => send(entry, session.token),
          onSettled: (entry) => settled.add(entry.resource),
        })
        if (outcome !== 'idle') {
          result = outcome
          return
        }
        if (sent === 0) break
      }
  }
  try {
    await self.navigator.locks.request(LOCK, pass)
  } finally {
    // Pages open meanwhile refresh what they show.
    if (settled.size > 0) channel?.postMessage({ settled: [...settled] })
    channel?.close()
  }
  return result
}

interface SyncEvent extends ExtendableEvent {
  tag: string
}

export function handleSync(scope: ServiceWorkerGlobalScope) {
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent
    if (sync.tag !== SYNC_TAG) return
    sync.waitUntil(
      replayFromWorker().then((outcome) => {
        // Offline again: the browser tries the sync again later (it retries a rejected one). Signed
        // out: the changes wait for the next open.
        if (outcome === 'offline') throw new Error('The outbox waits for the network')
      }),
    )
  })
}
