import { useLiveQuery } from 'dexie-react-hooks'
import { useSession } from '../auth/session'
import { db, type OutboxEntry } from './db'

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
