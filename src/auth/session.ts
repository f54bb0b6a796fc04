import { useSyncExternalStore } from 'react'

export interface SessionUser {
  id: string
  email: string
  firstName?: string
  lastName?: string
}

export interface Session {
  kind: 'oidc' | 'developer'
  user: SessionUser
  /** Bearer token sent with every call (id token for OIDC, the pasted token for developer login). */
  token: string
  expiresAt: number
}

const listeners = new Set<() => void>()
let current: Session | null = null

export function getSession(): Session | null {
  return current
}

export function setSession(next: Session | null) {
  current = next
  for (const listener of listeners) listener()
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
