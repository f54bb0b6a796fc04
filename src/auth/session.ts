import { useSyncExternalStore } from 'react'
import { db, type StoredSession } from '../offline/db'

export type Session = Omit<StoredSession, 'key'>
export type SessionUser = Session['user']

const listeners = new Set<() => void>()
let current: Session | null = null
// Other tabs learn of sign-in, refresh and sign-out through this channel.
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('orchestrator-session')

function notify() {
  for (const listener of listeners) listener()
}

export function getSession(): Session | null {
  return current
}

/** Reads the session kept in IndexedDB, so a reload (even offline) stays signed in. */
export async function restoreSession(): Promise<Session | null> {
  try {
    const stored = await db.session.get('current')
    current = stored ? withoutKey(stored) : null
  } catch {
    current = null
  }
  notify()
  return current
}

export async function saveSession(next: Session | null): Promise<void> {
  current = next
  notify()
  if (next) await db.session.put({ key: 'current', ...next })
  else await db.session.delete('current')
  channel?.postMessage('changed')
}

channel?.addEventListener('message', () => {
  void restoreSession()
})

function withoutKey({ key: _key, ...rest }: StoredSession): Session {
  return rest
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, () => current)
}

export function onSessionChange(listener: () => void): () => void {
  return subscribe(listener)
}
