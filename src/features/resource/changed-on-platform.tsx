import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { PLATFORM_KEPT } from '../../contract/platform-kept'
import { differingFields } from '../outbox/same-value'

type Fields = Record<string, unknown>

/**
 * The fields of an entity that changed on the platform since its form opened: the form keeps what
 * the user typed, and says which fields are no longer as they were. `asForm` reads the entity as the
 * form shows it, so a change the form does not show (a task's run state) is not named.
 */
export function useChangedOnPlatform<T extends { updatedAt?: string }>(
  current: T | undefined,
  asForm: (entity: T) => object = (entity) => entity,
): string[] {
  const [opened] = useState(current)
  if (!opened || !current || current.updatedAt === opened.updatedAt) return []
  return differingFields(asForm(opened) as Fields, asForm(current) as Fields, PLATFORM_KEPT)
}

/** The notice over a form whose entity changed on the platform meanwhile, naming the fields. */
export function ChangedOnPlatform({ fields }: { fields: string[] }) {
  if (fields.length === 0) return null
  return (
    <p role="status" className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <FormattedMessage
        id="live.changedOnPlatform"
        defaultMessage="This was changed on the platform while you were editing it: {fields}. What you typed is kept; if you save, you can compare the two versions."
        values={{ fields: fields.join(', ') }}
      />
    </p>
  )
}
