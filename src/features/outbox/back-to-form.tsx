import { Link } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { CATALOG, catalogListOf } from '../../api/catalog'
import { DATA_FORMATS } from '../../api/data-formats'
import { TASKS } from '../../api/tasks'
import type { OutboxEntry } from '../../outbox/db'

const linkClass =
  'inline-flex min-h-11 items-center rounded-md bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800'

/**
 * A refused change leads back to its entity's form, where the input it carried and the platform's
 * messages are shown again (the form finds the refused change of its entity in the outbox).
 */
export function BackToForm({ entry }: { entry: OutboxEntry }) {
  const id = entry.entityId
  const label = (
    <>
      <FormattedMessage id="outbox.openForm" defaultMessage="Open in form" />
      <span className="sr-only"> {entry.label}</span>
    </>
  )
  // The form's route came with the change; changes queued before it was stored are matched by family.
  if (entry.form)
    return (
      <Link to={entry.form as '/tasks/$id/edit'} params={{ id }} className={linkClass}>
        {label}
      </Link>
    )
  if (entry.resource === DATA_FORMATS)
    return (
      <Link to="/data-formats/{-$id}/edit" params={{ id }} className={linkClass}>
        {label}
      </Link>
    )
  if (entry.resource === TASKS)
    return (
      <Link to="/tasks/$id/edit" params={{ id }} className={linkClass}>
        {label}
      </Link>
    )
  if (entry.resource === CATALOG)
    return (
      <Link to={`/${catalogListOf(entry.body)}/$id/edit`} params={{ id }} className={linkClass}>
        {label}
      </Link>
    )
  return null
}
