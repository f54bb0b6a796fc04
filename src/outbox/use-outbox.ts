import { useEffect, useState } from 'react'
import { loadWhenOnline } from '../core/load-when-online'
import type { Resource } from '../core/resources'
import { currentScope } from '../core/scope'
import { useSession } from '../core/session'
import type { ConsoleDb, OutboxEntry, SentRow } from './db'
import { isLocalId, replacedIdKey } from './ids'
import { afterFirstScreen, loadDb } from './lazy-db'
import type { SentOverlay } from './pending'

type Outcome<T> = { key: string; value: T } | { key: string; error: unknown }

/**
 * The count of waiting changes, after a write wakes it, rests this long before it looks again (once,
 * seeing every write meanwhile): each count walks the user's queued changes (4 ms at 500), and a
 * replay's burst of writes would re-count and re-render it once per write; the sync centre's progress
 * is the figure that moves meanwhile. A write after a quiet spell shows at once.
 * The queued and sent changes a screen lays over its data never rest: a change sent while they rested
 * showed twice, once waiting and once in the list fetched after it.
 */
export const COUNT_REST_MS = 1000

/**
 * A Dexie live query (live across tabs) that loads Dexie only while `key` is set: with no key the
 * hook returns `initial` and loads nothing. `key` names everything `query` reads, so a new key
 * subscribes anew and shows `initial` until its first result, never the previous key's result.
 * A failed query reaches the nearest error boundary, as with dexie-react-hooks. The outbox's code that
 * cannot be fetched (offline before a service worker keeps it) is no failure of the screen: the hook
 * returns `initial` meanwhile, and loads it again once the browser is back online.
 */
function useLiveDb<T>(
  key: string | null,
  query: (db: ConsoleDb, key: string) => Promise<T>,
  initial: T,
  restMs = 0,
): T {
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names everything `query` reads
  useEffect(() => {
    if (key === null) return
    let live = true
    let subscription: { unsubscribe: () => void } | undefined
    let rest: ReturnType<typeof setTimeout> | undefined
    let stop: (() => void) | undefined
    const fail = (error: unknown) => {
      if (live) setOutcome({ key, error })
    }
    void afterFirstScreen().then(() => {
      if (!live) return
      stop = loadWhenOnline(
        () => Promise.all([import('dexie'), loadDb()]),
        ([{ liveQuery }, db]) => {
          const results = liveQuery(() => query(db, key))
          const watch = () => {
            let first = true
            subscription = results.subscribe({
              next: (value) => {
                if (!live) return
                setOutcome({ key, value })
                if (first || restMs === 0) {
                  first = false
                  return
                }
                // Woken by a write: rest, then read once more (a new subscription reads afresh).
                subscription?.unsubscribe()
                subscription = undefined
                rest = setTimeout(watch, restMs)
              },
              error: fail,
            })
          }
          watch()
        },
      )
    })
    return () => {
      live = false
      stop?.()
      clearTimeout(rest)
      subscription?.unsubscribe()
    }
  }, [key])
  if (key === null || outcome?.key !== key) return initial
  if ('error' in outcome) throw outcome.error
  return outcome.value
}

const EMPTY: OutboxEntry[] = []

/** Every queued change, oldest first, live across tabs; empty, and Dexie not loaded, signed out. */
export function useOutbox(): OutboxEntry[] {
  const signedIn = useSession() !== null
  return useLiveDb(signedIn ? 'outbox' : null, (db) => db.outbox.orderBy('seq').toArray(), EMPTY)
}

/** The signed-in user's queued changes of one resource family, for the pending overlay. */
export function usePendingChanges(resource: Resource): OutboxEntry[] {
  const userId = useSession()?.user.id
  return useLiveDb(
    userId ? `${userId}|${resource}` : null,
    (db) =>
      db.outbox
        .where('resource')
        .equals(resource)
        .filter((e) => e.userId === userId)
        .sortBy('seq'),
    EMPTY,
  )
}

const NONE_SENT: SentRow[] = []

/**
 * The signed-in user's accepted changes of one resource family in the current environment and
 * organization, oldest first.
 */
function useSentChanges(resource: Resource): SentRow[] {
  const userId = useSession()?.user.id
  const { env, organizationId } = currentScope()
  return useLiveDb(
    userId ? `${userId}|${env}|${organizationId}|${resource}` : null,
    (db) =>
      db.sent
        .where('resource')
        .equals(resource)
        .filter((row) => row.userId === userId && row.env === env && row.organizationId === organizationId)
        .sortBy('seq'),
    NONE_SENT,
  )
}

/**
 * What a screen lays over its data of one resource family, fetched at `fetchedAt` (for `applyPending`):
 * the queued changes, marked, and under them the changes the platform accepted since, unmarked.
 */
export function useOverlay(
  resource: Resource,
  fetchedAt: number,
): { pending: OutboxEntry[]; sent: SentOverlay } {
  const pending = usePendingChanges(resource)
  const rows = useSentChanges(resource)
  return { pending, sent: { rows, fetchedAt } }
}

/** The signed-in user's queued changes, counted by the userId index (no walk over every entry). */
export function useWaitingCount(): number {
  const userId = useSession()?.user.id
  return useLiveDb(userId ?? null, (db, id) => db.outbox.where('userId').equals(id).count(), 0, COUNT_REST_MS)
}

/**
 * The id a screen should show: an entity created on this device is opened by its local id until its
 * create is sent, then by the platform's id (any tab, any reload), so its form never waits forever.
 * Only a local id loads the outbox database.
 */
export function useResolvedId(resource: Resource, id: string | undefined): string | undefined {
  const key = id !== undefined && isLocalId(id) ? replacedIdKey(resource, id) : null
  const serverId = useLiveDb(key, async (db, key) => (await db.replaced.get(key))?.value ?? null, null)
  return serverId ?? id
}
