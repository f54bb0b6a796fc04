import { useStore } from '@tanstack/react-form'
import { useMemo } from 'react'
import { FormattedMessage } from 'react-intl'

type FieldMetaStore = { store: Parameters<typeof useStore>[0] }

/**
 * The tabs of a form that hold a field showing an error, its own rule's or the platform's: a Save
 * refused for a field on another tab says where to look, not only how many fields.
 */
export function useTabsWithErrors<T extends string>(
  form: FieldMetaStore,
  tabOf: (field: string) => T,
): ReadonlySet<T> {
  // A joined string, so the form re-renders only when the set of tabs changes, not on every key.
  const joined = useStore(form.store, (state) => {
    const { fieldMeta, submissionAttempts } = state as {
      fieldMeta: Record<string, { errors?: unknown[]; isTouched?: boolean } | undefined>
      submissionAttempts: number
    }
    const tabs = new Set<T>()
    // As the fields show their errors: once touched, or once a Save was tried.
    for (const [field, m] of Object.entries(fieldMeta))
      if (m?.errors?.some(Boolean) && (m.isTouched || submissionAttempts > 0)) tabs.add(tabOf(field))
    return [...tabs].sort().join(' ')
  })
  return useMemo(() => new Set(joined ? (joined.split(' ') as T[]) : []), [joined])
}

/** The mark of a tab with errors: a sign seen, words heard. */
export function TabErrorMark() {
  return (
    <span className="ml-1 text-red-700" data-testid="tab-has-errors">
      <span aria-hidden="true">!</span>
      <span className="sr-only">
        <FormattedMessage id="form.tabHasErrors" defaultMessage="(has errors)" />
      </span>
    </span>
  )
}
