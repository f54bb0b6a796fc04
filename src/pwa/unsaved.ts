import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import { keepInputBeforeReload } from './chunk-recovery'

/**
 * Forms with input not yet saved, so a new version never reloads it away: a form with drafts keeps its
 * input as a draft first (`keep`); one without says only that it holds input, and the reload waits.
 */
interface Holder {
  keep?: () => Promise<unknown>
}
const holders = new Set<Holder>()
const listeners = new Set<() => void>()
let snapshot = { kept: 0, unkept: 0 }

function changed() {
  let kept = 0
  for (const holder of holders) if (holder.keep) kept += 1
  snapshot = { kept, unkept: holders.size - kept }
  for (const listener of listeners) listener()
}

/**
 * While `dirty`, this form's input counts as unsaved; `keep` saves it (as a draft) right away.
 * The returned `release` says at once that the input is saved (before the form's own re-render does),
 * so the navigation that follows a save is not held for it; other forms' input still holds it.
 */
export function useUnsavedInput(dirty: boolean, keep?: () => Promise<unknown>): () => void {
  const latest = useRef(keep)
  latest.current = keep
  const current = useRef<Holder>(undefined)
  const keeps = keep !== undefined
  useEffect(() => {
    if (!dirty) return
    const holder: Holder = keeps ? { keep: () => latest.current?.() ?? Promise.resolve() } : {}
    current.current = holder
    holders.add(holder)
    changed()
    return () => {
      if (current.current === holder) current.current = undefined
      if (holders.delete(holder)) changed()
    }
  }, [dirty, keeps])
  return useCallback(() => {
    const holder = current.current
    if (holder && holders.delete(holder)) changed()
  }, [])
}

/** How many open forms hold unsaved input: kept as drafts on a reload, or not. */
export function useUnsavedInputCount(): { kept: number; unkept: number } {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => snapshot,
  )
}

/** The count now, outside React (a navigation about to happen asks it). */
export const unsavedInputNow = () => snapshot

/**
 * Saves every form's input that can be kept; true when nothing unsaved is left that is not kept (a
 * form that cannot keep its input, or whose keeping failed: storage full, its code not loaded).
 */
export async function keepUnsavedInput(): Promise<boolean> {
  const kept = await Promise.allSettled([...holders].map((holder) => holder.keep?.() ?? Promise.reject()))
  return kept.every((result) => result.status === 'fulfilled')
}
// A chunk that can come only with a reload reloads the page once the input is kept, as a new version does.
keepInputBeforeReload(keepUnsavedInput)

/** The user chose to let every form's unsaved input go (a switch answered Switch): nothing holds it now. */
export function letUnsavedInputGo() {
  if (holders.size === 0) return
  holders.clear()
  changed()
}
