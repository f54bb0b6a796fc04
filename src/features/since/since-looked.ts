import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import { type EventFilters, type EventPage, eventKeys, eventsQuery, flattenEvents } from '../../api/events'
import type { PlatformEvent } from '../../contract/event'
import { isUnreadable } from '../../contract/reading'

/** A run that ended in an error, or was cut off and not run again. */
export const FAILED_TYPES = ['TASK_RUN_FAILED', 'TASK_RUN_INTERRUPTED'] as const
/** A run that missed its schedule: slots missed while no platform process ran, or skipped as busy. */
export const LATE_TYPES = ['TASK_RUNS_MISSED', 'TASK_RUN_SKIPPED'] as const

/** Never looked on this device: the runs of the last seven days count (the console's default history). */
export const NEVER_LOOKED_MS = 7 * 86_400_000
/** The first read brings this many: the list usually needs no second one. */
export const SINCE_FIRST_LIMIT = 25

export type SinceKind = 'failed' | 'late'

export function kindOf(event: Pick<PlatformEvent, 'type'>): SinceKind {
  return LATE_TYPES.some((type) => type === event.type) ? 'late' : 'failed'
}

const storageKey = (env: string, userId: string) => `since.looked:${env}:${userId}`

/** When this user last looked at the list in this environment, as the platform's time (ISO), if ever. */
export function readLastLooked(env: string, userId: string, storage: Storage = localStorage) {
  try {
    const value = storage.getItem(storageKey(env, userId))
    return value && !Number.isNaN(Date.parse(value)) ? value : undefined
  } catch {
    return undefined
  }
}

/** Starting marks made in this page, for a device whose storage refuses to keep them. */
const started = new Map<string, string>()

/**
 * The mark, or for a user who never looked a starting one seven days back, kept on the device: the
 * read then stays the same one from load to load (its answer saved, offline too), not a new one
 * every minute.
 */
export function lastLookedOrStart(
  env: string,
  userId: string,
  now = Date.now(),
  storage: Storage = localStorage,
) {
  const looked = readLastLooked(env, userId, storage)
  if (looked) return looked
  const key = storageKey(env, userId)
  let start = started.get(key)
  if (!start) {
    start = new Date(Math.floor((now - NEVER_LOOKED_MS) / 60_000) * 60_000).toISOString()
    started.set(key, start)
    try {
      storage.setItem(key, start)
    } catch {
      // Kept in this page only: the next load starts its own.
    }
  }
  return start
}

const listeners = new Set<() => void>()
/** Told when this tab marks the list looked at (other tabs hear the `storage` event). */
export function onLooked(listener: () => void): () => void {
  listeners.add(listener)
  const other = (e: StorageEvent) => {
    if (e.key?.startsWith('since.looked:')) listener()
  }
  globalThis.addEventListener?.('storage', other)
  return () => {
    listeners.delete(listener)
    globalThis.removeEventListener?.('storage', other)
  }
}

/** The filters of the failed and late runs since `lastLooked` (or the last seven days before `now`). */
export function sinceFilters(lastLooked: string | undefined, now: number): EventFilters {
  return {
    type: `in:${[...FAILED_TYPES, ...LATE_TYPES].join(',')}`,
    category: 'tasks',
    from: lastLooked ?? new Date(Math.floor((now - NEVER_LOOKED_MS) / 60_000) * 60_000).toISOString(),
  }
}

/**
 * The events read of the failed and late runs, a page of 25 first. It is an events list as the events
 * screen keeps them, so the live stream puts each new matching event on top of it, and its count moves.
 */
export const sinceQuery = (filters: EventFilters) => ({
  ...eventsQuery(filters, SINCE_FIRST_LIMIT),
  initialPageParam: { offset: 0, limit: SINCE_FIRST_LIMIT },
})

export interface SinceCounts {
  failed: number
  late: number
  total: number
}

/**
 * The counts of what was read: the platform's total, split by kind as far as the rows loaded tell
 * (the rest, past what is loaded, counts as failed runs).
 */
export function countSince(data: InfiniteData<EventPage> | undefined): SinceCounts | undefined {
  const first = data?.pages[0]
  if (!data || !first) return undefined
  const events = flattenEvents(data.pages).filter((e) => !isUnreadable(e))
  const late = events.filter((e) => kindOf(e) === 'late').length
  const total = Math.max(first.totalCount, events.length)
  return { failed: total - late, late, total }
}

/** The events read, newest first, without rows the console could not read. */
export const sinceEvents = (data: InfiniteData<EventPage> | undefined): PlatformEvent[] =>
  flattenEvents(data?.pages).filter((e) => !isUnreadable(e))

/**
 * Marks what was shown as looked at: the next count starts just after the newest event shown, in the
 * platform's own time (a device clock that is ahead or behind hides nothing and counts nothing twice).
 * Nothing shown leaves the mark as it was. The count from the new mark is put in the cache at once
 * (from what the stream kept current), so it shows 0 with no read, offline too. Returns the new mark.
 */
export function markLooked(
  client: QueryClient,
  scope: { env: string; userId: string },
  /** The filters the shown list was read with. */
  shownWith: EventFilters,
  shown: PlatformEvent[],
  storage: Storage = localStorage,
): string | undefined {
  const before = readLastLooked(scope.env, scope.userId, storage)
  const newest = Math.max(...shown.map((e) => Date.parse(e.timestamp)).filter((t) => !Number.isNaN(t)))
  if (!Number.isFinite(newest)) return before
  const next = new Date(newest + 1).toISOString()
  if (before && Date.parse(before) >= Date.parse(next)) return before
  const previous = client.getQueryData<InfiniteData<EventPage>>(eventKeys.list(shownWith))
  const after = sinceEvents(previous).filter((e) => Date.parse(e.timestamp) >= Date.parse(next))
  client.setQueryData<InfiniteData<EventPage>>(eventKeys.list(sinceFilters(next, Date.now())), {
    pages: [{ items: after, totalCount: after.length }],
    pageParams: [{ offset: 0, limit: SINCE_FIRST_LIMIT }],
  })
  try {
    storage.setItem(storageKey(scope.env, scope.userId), next)
  } catch {
    // Storage full or denied: the mark holds in the cache until the page is loaded again.
  }
  for (const listener of listeners) listener()
  return next
}
