import { recoverFromChunkError } from '../pwa/chunk-recovery'
import type { ConsoleDb } from './db'

let loading: Promise<ConsoleDb> | null = null

/**
 * The outbox database, with Dexie, loaded on first use: a visitor's pages never fetch or run it.
 * A failed load is tried again on the next call; a chunk that can come only with a reload (gone after
 * a deploy, or kept failed by Firefox) reloads the page once every form's input is kept.
 */
export function loadDb(): Promise<ConsoleDb> {
  loading ??= import('./db').then(
    (module) => module.db,
    (error: unknown) => {
      loading = null
      void recoverFromChunkError(error)
      throw error
    },
  )
  return loading
}

let firstScreen: Promise<void> = Promise.resolve()
let release: (() => void) | undefined

/**
 * From boot on, what a screen shows from the outbox waits until the first screen is shown (its data
 * in): Dexie (some 30 KB gzip) and its first reads would otherwise compete with that screen's chunks
 * and render. Writes never wait. Unheld (unit tests, a later screen), nothing waits.
 */
export function holdOutboxReadsForFirstScreen(): void {
  firstScreen = new Promise((resolve) => {
    release = resolve
  })
}

/** The first screen is shown: the outbox's readers may load Dexie. */
export function firstScreenShown(): void {
  release?.()
  release = undefined
}

/** Whether the first screen is still to be shown (what waits for it is held). */
export function firstScreenHeld(): boolean {
  return release !== undefined
}

/** Resolves once the first screen is shown (at once, unless held). */
export function afterFirstScreen(): Promise<void> {
  return firstScreen
}
