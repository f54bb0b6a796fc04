// Outbox layer: the outbox laid over what the screens show. Pure functions over the entries read
// elsewhere: a list's first rows need these, not the queue's code (outbox.ts) nor its database.

import type { OutboxEntry, SentRow } from './db'

export type PendingMark = 'create' | 'update' | 'delete'
export type WithPending<T> = T & { pending?: PendingMark; pendingStatus?: OutboxEntry['status'] }

/** Changes the platform accepted (sent.rows) that data fetched at `fetchedAt` (epoch ms, 0: never) may lack. */
export interface SentOverlay {
  rows: SentRow[]
  fetchedAt: number
}

/**
 * The screens show the outbox on top of the cached data: queued creates first, queued edits
 * merged into their rows, queued deletes marked. Every touched row carries a "waiting to sync" mark.
 * Under them, changes sent after the data was fetched: applied as the platform answered, unmarked.
 */
export function applyPending<T extends { id: string }>(
  items: T[],
  entries: OutboxEntry[],
  resource: string,
  sent?: SentOverlay,
): WithPending<T>[] {
  const mine = entries.filter((e) => e.resource === resource)
  let rows: WithPending<T>[] = items.map((item) => ({ ...item }))
  const byId = new Map(rows.map((row) => [row.id, row]))
  const created: WithPending<T>[] = []
  const fetchedAt = sent?.fetchedAt ?? 0
  for (const change of sent?.rows ?? []) {
    if (change.resource !== resource || change.at <= fetchedAt) continue
    const existing = byId.get(change.entityId)
    if (change.method === 'DELETE') {
      byId.delete(change.entityId)
      rows = rows.filter((row) => row.id !== change.entityId)
      const at = created.findIndex((row) => row.id === change.entityId)
      if (at >= 0) created.splice(at, 1)
    } else if (existing) Object.assign(existing, change.body)
    else if (change.method === 'POST') {
      const row = { ...(change.body as T), id: change.entityId }
      created.unshift(row)
      byId.set(change.entityId, row)
    }
  }
  for (const entry of mine) {
    const existing = byId.get(entry.entityId)
    // A command (a queued run) changes no field: its entity is only marked, and never made up.
    if (entry.command) {
      if (existing && !existing.pending) {
        existing.pending = 'update'
        existing.pendingStatus = entry.status
      }
      continue
    }
    if (entry.method === 'POST' && !existing) {
      const row = {
        ...(entry.body as T),
        id: entry.entityId,
        pending: 'create',
        pendingStatus: entry.status,
      } as WithPending<T>
      created.unshift(row)
      byId.set(entry.entityId, row)
    } else if (existing && entry.method === 'DELETE') {
      existing.pending = 'delete'
      existing.pendingStatus = entry.status
    } else if (existing) {
      Object.assign(existing, entry.body as Partial<T>)
      if (existing.pending !== 'create') existing.pending = 'update'
      existing.pendingStatus = entry.status
    }
  }
  return [...created, ...rows]
}

/** One entity with its queued changes applied, for detail screens and edit forms. */
export function applyPendingTo<T extends { id: string }>(
  item: T | undefined,
  id: string,
  entries: OutboxEntry[],
  resource: string,
  sent?: SentOverlay,
) {
  const list = applyPending(item ? [item] : [], entries, resource, sent)
  return list.find((row) => row.id === id)
}
