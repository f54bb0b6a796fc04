import type { ConsoleDb } from './db'

let loading: Promise<ConsoleDb> | null = null

/**
 * The outbox database, with Dexie, loaded on first use: a visitor's pages never fetch or run it.
 * A failed load (a chunk gone after a deploy) is tried again on the next call.
 */
export function loadDb(): Promise<ConsoleDb> {
  loading ??= import('./db').then(
    (module) => module.db,
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}
