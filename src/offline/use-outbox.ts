import { useLiveQuery } from 'dexie-react-hooks'
import { useSession } from '../auth/session'
import { db, type OutboxEntry } from './db'
import { isLocalId, replacedIdKey } from './outbox'

const EMPTY: OutboxEntry[] = []

/** Every queued change, oldest first, live across tabs. */
export function useOutbox(): OutboxEntry[] {
  return useLiveQuery(() => db.outbox.orderBy('seq').toArray(), [], EMPTY)
}

/** The signed-in user's queued changes of one resource family, for the pending overlay. */
export function usePendingChanges(resource: string): OutboxEntry[] {
  const userId = useSession()?.user.id
  return useLiveQuery(
    () =>
      db.outbox
        .where('resource')
        .equals(resource)
        .filter((e) => e.userId === userId)
        .sortBy('seq'),
    [resource, userId],
    EMPTY,
  )
}

export function useWaitingCount(): number {
  const userId = useSession()?.user.id
  return useLiveQuery(() => db.outbox.filter((e) => e.userId === userId).count(), [userId], 0)
}

/**
 * The id a screen should show: an entity created on this device is opened by its local id until its
 * create is sent, then by the platform's id (any tab, any reload), so its form never waits forever.
 */
export function useResolvedId(resource: string, id: string | undefined): string | undefined {
  const local = id !== undefined && isLocalId(id)
  const serverId = useLiveQuery(
    () => (local ? db.replaced.get(replacedIdKey(resource, id)).then((row) => row?.value ?? null) : null),
    [resource, id, local],
    null,
  )
  return serverId ?? id
}
