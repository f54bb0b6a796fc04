import type { ConsoleDb, OutboxEntry } from './db'
import { loadDb } from './lazy-db'
import { isLocalId, replacedIdKey, replacedVersionKey } from './outbox'

export interface SendResult {
  /** HTTP status; 0 when no answer came. */
  status: number
  data?: unknown
  body?: unknown
  error?: string
}

export interface ReplayContext {
  userId: string
  organizationId: string
  send: (entry: OutboxEntry) => Promise<SendResult>
  now?: () => number
  random?: () => number
  /** After an entry is settled (sent, conflict, failed): refresh what the screens show. */
  onSettled?: (entry: OutboxEntry, result: SendResult) => void
  onProgress?: (done: number, total: number) => void
  /** The entry now on the wire (kept in memory: one write less per change). */
  onSending?: (entry: OutboxEntry | null) => void
}

export type ReplayOutcome = 'idle' | 'offline' | 'unauthorized'

const BASE_DELAY_MS = 1000
const MAX_DELAY_MS = 5 * 60_000
/**
 * No answer at all: a flaky line may come back without an `online` event, and one probe is cheap,
 * so the wait stays short. A platform that answers with an error waits longer.
 */
export const UNREACHABLE_MAX_DELAY_MS = 30_000

/** Exponential backoff with jitter, so many clients coming back online do not arrive together. */
export function backoff(attempts: number, random = Math.random, max = MAX_DELAY_MS): number {
  const ceiling = Math.min(max, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(ceiling * (0.5 + random() * 0.5))
}

/**
 * The connection is back: changes that waited only because no answer came (status 0) are due now,
 * not after the backoff they gathered while offline. Server errors keep their backoff.
 */
export async function dueAfterReconnect(): Promise<number> {
  const db = await loadDb()
  return db.outbox
    .where('status')
    .equals('pending')
    .modify((e) => {
      if (e.lastStatus === 0) e.nextAttemptAt = 0
    })
}

const retryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500

function conflictOf(result: SendResult): Record<string, unknown> | undefined {
  const body = result.body as { result?: unknown } | undefined
  const theirs = body?.result
  return typeof theirs === 'object' && theirs !== null ? (theirs as Record<string, unknown>) : undefined
}

/**
 * One pass over the queue of this user and organization, oldest first and in order per entity:
 * an entity whose head is waiting, failed or in conflict holds back its later changes.
 */
export async function replayOnce(ctx: ReplayContext): Promise<{ sent: number; outcome: ReplayOutcome }> {
  const now = ctx.now ?? Date.now
  const db = await loadDb()
  const queue = (await db.outbox.orderBy('seq').toArray()).filter(
    (e) => e.userId === ctx.userId && e.organizationId === ctx.organizationId,
  )
  const total = queue.filter((e) => e.status === 'pending' || e.status === 'sending').length
  const held = new Set<string>()
  let sent = 0
  ctx.onProgress?.(0, total)

  for (const queued of queue) {
    const key = `${queued.resource}:${queued.entityId}`
    if (held.has(key)) continue
    // The entry may have been discarded or rewritten since the queue was read.
    const entry = await db.outbox.get(queued.seq as number)
    if (!entry) continue
    const entityKey = `${entry.resource}:${entry.entityId}`
    if (entry.status === 'conflict' || entry.status === 'failed' || entry.nextAttemptAt > now()) {
      held.add(key)
      held.add(entityKey)
      continue
    }
    ctx.onSending?.(entry)
    const result = await ctx.send(entry)
    ctx.onSending?.(null)

    if (result.status >= 200 && result.status < 300) {
      await settleSuccess(db, entry, result)
      sent += 1
      ctx.onProgress?.(sent, total)
      ctx.onSettled?.(entry, result)
      continue
    }
    if (retryable(result.status)) {
      const attempts = entry.attempts + 1
      await db.outbox.update(entry.seq as number, {
        status: 'pending',
        attempts,
        nextAttemptAt:
          now() + backoff(attempts, ctx.random, result.status === 0 ? UNREACHABLE_MAX_DELAY_MS : undefined),
        lastError: result.error,
        lastStatus: result.status,
      })
      // No answer at all: the platform is out of reach, stop here and keep the order.
      if (result.status === 0) return { sent, outcome: 'offline' }
      held.add(key)
      continue
    }
    if (result.status === 401) {
      // Paused until the same user signs in again; the entry stays as it was.
      await db.outbox.update(entry.seq as number, {
        status: 'pending',
        lastError: result.error,
        lastStatus: 401,
      })
      return { sent, outcome: 'unauthorized' }
    }
    const theirs = conflictOf(result)
    const conflict = result.status === 412 || (result.status === 409 && theirs !== undefined)
    await db.outbox.update(entry.seq as number, {
      status: conflict ? 'conflict' : 'failed',
      lastError: result.error,
      lastStatus: result.status,
      theirs: conflict ? theirs : undefined,
    })
    held.add(key)
    ctx.onSettled?.(entry, result)
  }
  return { sent, outcome: 'idle' }
}

/**
 * A sent change leaves the queue and is kept as sent. A create's real id replaces its local id in the
 * changes queued after it, and every later change of the entity is based on the version the platform
 * returned.
 */
async function settleSuccess(db: ConsoleDb, entry: OutboxEntry, result: SendResult) {
  const data = result.data as { id?: unknown; updatedAt?: unknown } | undefined
  const serverId = typeof data?.id === 'string' ? data.id : undefined
  const updatedAt = typeof data?.updatedAt === 'string' ? data.updatedAt : undefined
  await db.transaction('rw', db.outbox, db.replaced, db.sent, async () => {
    await db.outbox.delete(entry.seq as number)
    const at = Date.now()
    const entityId = isLocalId(entry.entityId) && serverId ? serverId : entry.entityId
    // The entity as the platform now has it (a delete, or an answer that is the entity itself): the
    // screens keep showing it until their data is fetched again, in this tab and the others.
    const entity = serverId === entityId ? (data as Record<string, unknown>) : undefined
    if (entry.method === 'DELETE' || entity)
      await db.sent.add({
        userId: entry.userId,
        organizationId: entry.organizationId,
        env: entry.env,
        resource: entry.resource,
        entityId,
        method: entry.method,
        body: entity,
        at,
      })
    if (isLocalId(entry.entityId) && serverId)
      await db.replaced.put({ key: replacedIdKey(entry.resource, entry.entityId), value: serverId, at })
    if (entry.baseVersion && updatedAt)
      await db.replaced.put({
        key: replacedVersionKey(entry.resource, entityId, entry.baseVersion),
        value: updatedAt,
        at,
      })
    await db.outbox
      .where('entityId')
      .equals(entry.entityId)
      .modify((later) => {
        if (later.resource !== entry.resource) return
        if (isLocalId(entry.entityId) && serverId) {
          later.path = later.path.split(encodeURIComponent(entry.entityId)).join(encodeURIComponent(serverId))
          later.path = later.path.split(entry.entityId).join(serverId)
          later.entityId = serverId
        }
        if (updatedAt) later.baseVersion = updatedAt
      })
  })
}
