import { useEffect, useState } from 'react'
import { currentScope } from '../core/scope'
import { getSession } from '../core/session'
import { isQuotaError } from '../pwa/storage'
import { useUnsavedInput } from '../pwa/unsaved'
import { loadDb } from './lazy-db'

/** A draft belongs to one user, organization, environment, form and entity. */
export function draftKey(form: string, entityId: string): string {
  const { env, organizationId } = currentScope()
  return [getSession()?.user.id ?? 'anonymous', organizationId, env, form, entityId].join('|')
}

export async function removeDraft(key: string) {
  const db = await loadDb()
  await db.drafts.delete(key)
}

const SAVE_DELAY_MS = 400

/**
 * Saves a form's values while the user types and offers a saved draft back on reopening.
 * `storageFull` says when the browser refused to store it (the values stay in the form).
 */
export function useDraft<T>(key: string, values: T, dirty: boolean) {
  const [offered, setOffered] = useState<{ values: T; updatedAt: number } | null>(null)
  const [storageFull, setStorageFull] = useState(false)
  const [kept, setKept] = useState(false)

  useEffect(() => {
    let live = true
    void loadDb()
      .then((db) => db.drafts.get(key))
      .then((row) => {
        if (live && row) setOffered({ values: row.values as T, updatedAt: row.updatedAt })
      })
    return () => {
      live = false
    }
  }, [key])

  useEffect(() => {
    // Until the user answers the offer, typing must not overwrite the saved draft.
    if (!dirty || offered) {
      setKept(false)
      return
    }
    const timer = setTimeout(() => {
      loadDb()
        .then((db) => db.drafts.put({ key, values, updatedAt: Date.now() }))
        .then(() => {
          setStorageFull(false)
          setKept(true)
        })
        .catch((error: unknown) => setStorageFull(isQuotaError(error)))
    }, SAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [key, values, dirty, offered])

  // Before a reload for a new version the input is kept as a draft at once, not after the pause;
  // while an older draft is on offer, the input cannot be kept (it would overwrite that draft).
  const release = useUnsavedInput(
    dirty,
    offered ? undefined : () => loadDb().then((db) => db.drafts.put({ key, values, updatedAt: Date.now() })),
  )

  return {
    offered,
    storageFull,
    /** The input is stored on this device as a draft: leaving the form does not lose it. */
    kept: kept && dirty && !offered,
    /** The form's input is saved: the navigation after the save is not held for it. */
    release,
    accept: () => {
      const values = offered?.values
      setOffered(null)
      return values
    },
    discard: async () => {
      setOffered(null)
      await removeDraft(key)
    },
  }
}
