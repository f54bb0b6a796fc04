import Dexie, { type EntityTable } from 'dexie'
import type { StoredSession } from '../core/boot-store'
import type { Resource } from '../core/resources'

export type OutboxStatus = 'pending' | 'sending' | 'conflict' | 'failed'
export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * One queued change, as read back. Its id is also the Idempotency-Key, so a resend is applied once.
 * `seq`, the queue's order, is the table's auto-incremented key: every stored change has one, and only
 * a change about to be added goes without (`NewOutboxEntry`, the table's insert type).
 */
export interface OutboxEntry {
  seq: number
  id: string
  userId: string
  organizationId: string
  env: string
  version: string
  method: OutboxMethod
  /** The call's path, filled: `/api/sandbox/internal/products/v2/data-formats/42`. */
  path: string
  body?: unknown
  /** Resource family, e.g. `data-formats`: lists and details of it show the change. */
  resource: Resource
  /** The entity's id, or `local:<uuid>` for a create not yet sent. */
  entityId: string
  /** `updatedAt` the change was made on, sent as If-Match. */
  baseVersion?: string
  /** Human label for the sync centre (the entity's name or code). */
  label: string
  /** The route of the entity's form (`/x/$id/edit`), where a refused change leads back to. */
  form?: string
  /**
   * A command on the entity rather than a change of its fields (a task's run, queued from a
   * notification): it has no form to go back to, and the entity shows it only as waiting.
   */
  command?: 'run'
  createdAt: number
  status: OutboxStatus
  attempts: number
  nextAttemptAt: number
  lastError?: string
  lastStatus?: number
  /** The platform's current entity when the change met a conflict. */
  theirs?: Record<string, unknown>
  /** The fields the platform refused, as it named them (`path` like `actions.0.name`, `rule` like `unique`). */
  issues?: { path: string; message: string; rule?: string }[]
}

/** A change before it is stored: the table gives it its `seq`. */
export type NewOutboxEntry = Omit<OutboxEntry, 'seq'>

export interface DraftRow {
  /** user|organization|environment|form|entity */
  key: string
  values: unknown
  updatedAt: number
}

/**
 * What a sent change replaced: a create's local id by the platform's id (`id|resource|local`), or an
 * entity's version by the one the change produced (`ver|resource|entityId|base`). Changes queued later
 * on the old id or version, in any tab, are moved onto the new one instead of meeting a false conflict.
 */
export interface ReplacedRow {
  key: string
  value: string
  at: number
}

/**
 * A change the platform accepted, as the platform answered it (`body`: the entity; none for a delete).
 * Until a screen's cached data is fetched again it shows these on top, in every tab: a sent change
 * leaves the outbox at once, and a tab that goes offline before its refresh must not lose sight of it.
 */
export interface SentRow {
  /** The table's auto-incremented key: given when the row is added. */
  seq: number
  userId: string
  organizationId: string
  env: string
  resource: Resource
  /** The platform's id (a create's local id already replaced). */
  entityId: string
  method: OutboxMethod
  body?: Record<string, unknown>
  /** When it was accepted: data fetched after this already holds it. */
  at: number
}

export interface CacheRow {
  key: string
  value: string
}

/**
 * The console's local database: the outbox, drafts, replaced ids and sent changes, loaded through `loadDb` (lazy-db.ts)
 * once someone is signed in. `session` and `cache` stay empty: those moved to the boot store
 * (boot-store.ts), and dropping the stores would need a schema version of its own.
 */
export class ConsoleDb extends Dexie {
  session!: EntityTable<StoredSession, 'key'>
  cache!: EntityTable<CacheRow, 'key'>
  outbox!: EntityTable<OutboxEntry, 'seq'>
  drafts!: EntityTable<DraftRow, 'key'>
  replaced!: EntityTable<ReplacedRow, 'key'>
  sent!: EntityTable<SentRow, 'seq'>

  constructor(name = 'orchestrator') {
    super(name)
    this.version(1).stores({
      session: 'key',
      cache: 'key',
      outbox: '++seq, &id, userId, resource, entityId, status',
      drafts: 'key',
    })
    this.version(2).stores({ replaced: 'key, at' })
    this.version(3).stores({ sent: '++seq, resource, at' })
  }
}

export const db = new ConsoleDb()
