// Core layer: imports only core/ and contract/.

import { useSyncExternalStore } from 'react'

/** A value kept in localStorage that components can subscribe to. */
export interface LocalSetting<T> {
  get(): T
  set(next: T): void
  clear(): void
  subscribe(listener: () => void): () => void
  use(): T
}

export function localSetting<T extends string>(
  key: string,
  fallback: T,
  accept: (raw: string) => raw is T,
): LocalSetting<T> {
  const listeners = new Set<() => void>()
  const read = (): T => {
    try {
      const raw = localStorage.getItem(key)
      return raw !== null && accept(raw) ? raw : fallback
    } catch {
      return fallback
    }
  }
  let current: T = typeof localStorage === 'undefined' ? fallback : read()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }
  return {
    get: () => current,
    set(next) {
      current = next
      try {
        localStorage.setItem(key, next)
      } catch {
        // Storage full or blocked: the value still applies to this page.
      }
      notify()
    },
    clear() {
      current = fallback
      try {
        localStorage.removeItem(key)
      } catch {
        // Nothing stored to remove.
      }
      notify()
    },
    subscribe,
    use: () => useSyncExternalStore(subscribe, () => current),
  }
}
