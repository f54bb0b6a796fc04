import { useSyncExternalStore } from 'react'

/** The shared error state: server error text shown by the shell. */
let current: string | null = null
const listeners = new Set<() => void>()

export function reportError(message: string | null) {
  current = message
  for (const listener of listeners) listener()
}

export function useReportedError(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => current,
  )
}
