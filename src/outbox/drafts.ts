import { useEffect, useRef, useState } from 'react'
import { isRecord } from '../contract/reading'
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

/**
 * At sign-out: no draft keeps a secret typed into it (drafts kept before secrets were left out of
 * them); the rest of a draft stays for the same user's next sign-in.
 */
export async function scrubDraftSecrets(fields: readonly string[]) {
  const db = await loadDb()
  await db.drafts.toCollection().modify((row) => {
    const { values } = row
    if (!isRecord(values)) return
    for (const field of fields) if (typeof values[field] === 'string') values[field] = ''
  })
}

export async function removeDraft(key: string) {
  const db = await loadDb()
  await db.drafts.delete(key)
}

const SAVE_DELAY_MS = 400

/**
 * Saves a form's values while the user types and offers a saved draft back on reopening.
 * `storageFull` says when the browser refused to store it (the values stay in the form).
 * `kept` says what of the values a draft may hold (a form's secrets are left out).
 */
export function useDraft<T>(key: string, values: T, dirty: boolean, kept: (values: T) => T = (v) => v) {
  const keptOf = useRef(kept)
  keptOf.current = kept
  const [offered, setOffered] = useState<{ values: T; updatedAt: number } | null>(null)
  const [storageFull, setStorageFull] = useState(false)
  const [stored, setStored] = useState(false)

  useEffect(() => {
    let live = true
    void loadDb()
      .then((db) => db.drafts.get(key))
      .then((row) => {
        if (live && row) setOffered({ values: row.values as T, updatedAt: row.updatedAt })
      })
      // No store to read (the outbox's code not loaded offline): no draft is offered.
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [key])

  useEffect(() => {
    // Until the user answers the offer, typing must not overwrite the saved draft.
    if (!dirty || offered) {
      setStored(false)
      return
    }
    const timer = setTimeout(() => {
      loadDb()
        .then((db) => db.drafts.put({ key, values: keptOf.current(values), updatedAt: Date.now() }))
        .then(() => {
          setStorageFull(false)
          setStored(true)
        })
        .catch((error: unknown) => setStorageFull(isQuotaError(error)))
    }, SAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [key, values, dirty, offered])

  // Before a reload for a new version the input is kept as a draft at once, not after the pause;
  // while an older draft is on offer, the input cannot be kept (it would overwrite that draft).
  const release = useUnsavedInput(
    dirty,
    offered
      ? undefined
      : () =>
          loadDb().then((db) =>
            db.drafts.put({ key, values: keptOf.current(values), updatedAt: Date.now() }),
          ),
  )

  return {
    offered,
    storageFull,
    /** The input is stored on this device as a draft: leaving the form does not lose it. */
    kept: stored && dirty && !offered,
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
