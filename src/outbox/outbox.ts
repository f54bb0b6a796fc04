// Outbox layer: the queue of writes. Imports pwa/, i18n/, core/, contract/; api/ and screens call it, never the reverse.

import type { Resource } from '../core/resources'
import { requestPersistentStorage } from '../pwa/storage'
import type { ConsoleDb, NewOutboxEntry, OutboxEntry, OutboxMethod } from './db'
import { isLocalId, LOCAL_PREFIX, replacedIdKey } from './ids'
import { loadDb } from './lazy-db'

export { isLocalId, LOCAL_PREFIX, replacedIdKey } from './ids'

export interface QueueScope {
  userId: string
  organizationId: string
  env: string
  version: string
}

export interface ChangeInput {
  method: OutboxMethod
  path: string
  body?: unknown
  resource: Resource
  entityId: string
  baseVersion?: string
  label: string
  /** The route of the entity's form (`/x/$id/edit`), where a refused change leads back to. */
  form?: string
  /** A command on the entity (a task's run asked again) rather than a change of its fields. */
  command?: OutboxEntry['command']
}

const listeners = new Set<() => void>()
/** Called after every change of the queue in this tab (replay listens). */
export function onQueued(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether a replay pass holds the outbox lock in some tab (outbox-sync.ts takes it for each pass). */
export async function replayInProgress(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.locks?.query) return false
  const { held = [] } = await navigator.locks.query()
  return held.some((lock) => lock.name === 'orchestrator-outbox')
}

/**
 * Stores a change before anything is sent. Deleting an entity whose create was never sent
 * removes the create and its edits instead: nothing needs to reach the platform.
 */
export async function queueChange(scope: QueueScope, input: ChangeInput): Promise<OutboxEntry | undefined> {
  const db = await loadDb()
  // A change on the wire is marked in memory only (replay.ts), so a create may be in flight in any
  // tab while a replay pass holds the lock: then the delete is queued after it, never dropped.
  const replaying = await replayInProgress()
  const entry = await db.transaction('rw', db.outbox, db.replaced, async () => {
    const change = await onLatest(db, input)
    if (change.method === 'DELETE' && isLocalId(change.entityId) && !replaying) {
      const related = await db.outbox.where('entityId').equals(change.entityId).toArray()
      if (related.every((e) => e.status !== 'sending')) {
        await db.outbox.bulkDelete(related.map((e) => e.seq))
        return undefined
      }
    }
    const row: NewOutboxEntry = {
      ...scope,
      ...change,
      id: crypto.randomUUID(),
      createdAt: Date.now(),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
    }
    const stored: OutboxEntry = { ...row, seq: await db.outbox.add(row) }
    return stored
  })
  for (const listener of listeners) listener()
  // The first change kept on this device is worth keeping under storage pressure.
  if (entry) void requestPersistentStorage().catch(() => false)
  return entry
}

export const replacedVersionKey = (resource: string, entityId: string, version: string) =>
  `ver|${resource}|${entityId}|${version}`
const MAX_CHAIN = 50

/** The platform's id of an entity created here, once its create has been sent. */
export async function serverIdOf(resource: string, id: string): Promise<string | undefined> {
  if (!isLocalId(id)) return id
  return serverIdIn(await loadDb(), resource, id)
}

async function serverIdIn(db: ConsoleDb, resource: string, localId: string) {
  return (await db.replaced.get(replacedIdKey(resource, localId)))?.value
}

/**
 * A change made on a form opened before this device's earlier change of the entity was sent (here or
 * in another tab) still names the local id or the old version: move it onto what the platform has now.
 */
async function onLatest(db: ConsoleDb, change: ChangeInput): Promise<ChangeInput> {
  let { entityId, path, baseVersion } = change
  const serverId = isLocalId(entityId) ? await serverIdIn(db, change.resource, entityId) : undefined
  if (serverId) {
    path = path
      .split(encodeURIComponent(entityId))
      .join(encodeURIComponent(serverId))
      .split(entityId)
      .join(serverId)
    entityId = serverId
  }
  for (let i = 0; baseVersion && i < MAX_CHAIN; i += 1) {
    const next = await db.replaced.get(replacedVersionKey(change.resource, entityId, baseVersion))
    if (!next) break
    baseVersion = next.value
  }
  return { ...change, entityId, path, baseVersion }
}

/**
 * Mappings older than a week are no longer needed: every form opened before them has long been saved.
 * Sent changes older than a day neither: a screen's data is fetched again long before that.
 */
export async function pruneReplaced(now = Date.now()) {
  const db = await loadDb()
  await db.replaced
    .where('at')
    .below(now - 7 * 86_400_000)
    .delete()
  await db.sent
    .where('at')
    .below(now - 86_400_000)
    .delete()
}

export function newLocalId(): string {
  return `${LOCAL_PREFIX}${crypto.randomUUID()}`
}

export async function discardEntry(id: string) {
  const db = await loadDb()
  await db.outbox.where('id').equals(id).delete()
  for (const listener of listeners) listener()
}

/**
 * Sends an entry again, optionally with a new body and base version. A failed or conflicting entry
 * was refused for good under its key, so it gets a new one; a waiting entry keeps its key, since an
 * earlier attempt may have been applied without its answer arriving.
 */
export async function retryEntry(
  id: string,
  changes: Partial<Pick<OutboxEntry, 'body' | 'baseVersion'>> = {},
): Promise<OutboxEntry | undefined> {
  const db = await loadDb()
  const seq = (await db.outbox.where('id').equals(id).first())?.seq
  await db.outbox
    .where('id')
    .equals(id)
    .modify((e) => {
      Object.assign(e, changes)
      if (e.status === 'conflict' || e.status === 'failed') e.id = crypto.randomUUID()
      e.status = 'pending'
      e.attempts = 0
      e.nextAttemptAt = 0
      e.lastError = undefined
      e.lastStatus = undefined
      e.theirs = undefined
      e.issues = undefined
    })
  for (const listener of listeners) listener()
  return seq === undefined ? undefined : db.outbox.get(seq)
}
