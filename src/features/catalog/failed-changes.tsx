import { Link } from '@tanstack/react-router'
import { FormattedMessage, useIntl } from 'react-intl'
import type { OutboxEntry } from '../../outbox/db'
import { Alert } from '../../ui/alert'
import { errorLine } from '../../ui/error-text'

/**
 * Changes the platform refused (a duplicate product code arrives so: 409 on a queued create),
 * said plainly where the user looks for the item, with the way to fix it.
 */
export function FailedChanges({ entries, inForm }: { entries: OutboxEntry[]; inForm?: boolean }) {
  const intl = useIntl()
  const failed = entries.filter((e) => e.status === 'failed' || e.status === 'conflict')
  if (failed.length === 0) return null
  return (
    <div className="mb-4">
      <Alert>
        <ul className="space-y-1">
          {failed.map((e) => (
            <li key={e.id}>
              <FormattedMessage
                id="catalog.changeRefused"
                defaultMessage="{label} was not saved: {error}"
                values={{
                  label: <strong>{e.label}</strong>,
                  error: errorLine(intl, { status: e.lastStatus, message: e.lastError }),
                }}
              />
            </li>
          ))}
        </ul>
        {inForm ? (
          <p className="mt-1">
            <FormattedMessage id="catalog.fixBelow" defaultMessage="Correct it below and save again." />
          </p>
        ) : (
          <Link to="/outbox" className="mt-1 inline-block underline">
            <FormattedMessage
              id="catalog.openSyncCentre"
              defaultMessage="Edit or discard it in the sync centre"
            />
          </Link>
        )}
      </Alert>
    </div>
  )
}
