// Core layer: the session store everything reads. Imports only core/ and contract/.

import { del, get, set } from 'idb-keyval'
import { useSyncExternalStore } from 'react'
import { SESSION_CHANNEL, takeFirstRead } from './boot-open'
import {
  bootStore,
  forgetLegacySession,
  moveLegacySession,
  StorageNotAnswering,
  type StoredSession,
} from './boot-store'

export type Session = Omit<StoredSession, 'key'>

const KEY = 'session'
const listeners = new Set<() => void>()
const userChangeListeners = new Set<() => void>()
let current: Session | null = null
// Other tabs learn of sign-in, refresh and sign-out through this channel.
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL)

/**
 * Runs `listener` when the signed-in user changes or none is restored: what belonged to the earlier user
 * (the pictures of screens) goes. Upper layers register here, so this store imports none of them.
 */
export function onUserChange(listener: () => void): () => void {
  userChangeListeners.add(listener)
  return () => {
    userChangeListeners.delete(listener)
  }
}

function userChanged() {
  for (const listener of userChangeListeners) listener()
}

function notify() {
  for (const listener of listeners) listener()
}

export function getSession(): Session | null {
  return current
}

async function readStored(): Promise<StoredSession | undefined> {
  // The entry script's read, made as the page opened, if it found a session; else the store's answer.
  const first = (await takeFirstRead('session')) as StoredSession | undefined
  if (first) return first
  const stored = await get<StoredSession>(KEY, bootStore)
  if (stored) return stored
  const moved = await moveLegacySession((session) => set(KEY, session, bootStore))
  // None to move: a tab booting at the same moment may just have moved it here.
  return moved ?? (await get<StoredSession>(KEY, bootStore))
}

let unreadable = false

/**
 * True when the last read of the session got no answer from the device's storage: whether someone is
 * signed in is then unknown, which is not the same as signed out.
 */
export function sessionUnreadable(): boolean {
  return unreadable
}

/** Reads the session kept in IndexedDB, so a reload (even offline) stays signed in. */
export async function restoreSession(): Promise<Session | null> {
  try {
    const stored = await readStored()
    current = stored ? withoutKey(stored) : null
    unreadable = false
  } catch (error) {
    // Unknown is not signed out: what this page knows of the session stays, and nothing is forgotten.
    if (error instanceof StorageNotAnswering) {
      unreadable = true
      return current
    }
    current = null
  }
  if (!current) userChanged()
  notify()
  return current
}

export async function saveSession(next: Session | null): Promise<void> {
  // Pictures of screens belong to the user who saw them.
  if (next?.user.id !== current?.user.id) userChanged()
  current = next
  notify()
  if (next) await set(KEY, { key: 'current', ...next } satisfies StoredSession, bootStore)
  else {
    await del(KEY, bootStore)
    // An earlier version's session left behind by a move cut short must not sign the user in again.
    await forgetLegacySession().catch(() => undefined)
  }
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
