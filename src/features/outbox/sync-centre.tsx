import { useState } from 'react'
import { FormattedDate, FormattedMessage, type IntlShape, useIntl } from 'react-intl'
import type { OutboxEntry } from '../../outbox/db'
import { discardEntry, retryEntry } from '../../outbox/outbox'
import { syncNow, useSyncProgress } from '../../outbox/outbox-sync'
import { useOutbox } from '../../outbox/use-outbox'
import { usePwaState } from '../../pwa/sw-registration'
import { NoOfflineCopyText } from '../../shell/no-offline-copy'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { errorLine } from '../../ui/error-text'
import { OnDemand, onDemand } from '../../ui/on-demand'
import { PageHeader } from '../../ui/page-header'
import { BackToForm } from './back-to-form'
import { OutboxState } from './outbox-state'

/** The dialogs that resolve a change (Radix's dialog with them) come once the list is shown. */
const conflictDialog = onDemand(
  () => import('./conflict-dialog'),
  (m) => m.ConflictDialog,
)
const failedEntryDialog = onDemand(
  () => import('./failed-entry-dialog'),
  (m) => m.FailedEntryDialog,
)

const kinds = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' } as const

/** The sync centre (/outbox): every queued change with its state, error, retry and discard. */
export function SyncCentre() {
  const intl = useIntl()
  const entries = useOutbox()
  const progress = useSyncProgress()
  const { noOfflineCopy } = usePwaState()
  const [resolving, setResolving] = useState<OutboxEntry | null>(null)
  const [correcting, setCorrecting] = useState<OutboxEntry | null>(null)

  const discard = (entry: OutboxEntry) => {
    const ok = window.confirm(
      intl.formatMessage({
        id: 'outbox.discardConfirm',
        defaultMessage: 'Discard this change? It will not be sent.',
      }),
    )
    if (ok) void discardEntry(entry.id)
  }

  return (
    <div>
      <PageHeader
        title={<FormattedMessage id="page.outbox" defaultMessage="Sync centre" />}
        actions={
          <Button variant="secondary" onClick={syncNow} disabled={entries.length === 0}>
            <FormattedMessage id="outbox.syncNow" defaultMessage="Sync now" />
          </Button>
        }
      />
      {noOfflineCopy && (
        <div className="mb-4" data-testid="sync-no-offline-copy">
          <Alert tone="info">
            <NoOfflineCopyText reason={noOfflineCopy} />
          </Alert>
        </div>
      )}
      {(progress.running || progress.paused) && (
        <div className="mb-4" data-testid="sync-progress">
          <p id="sync-progress-label" className="mb-1 text-sm text-gray-700" aria-live="polite">
            {progress.paused ? (
              <FormattedMessage
                id="outbox.paused"
                defaultMessage="Paused after {done} of {total}: sign in again to send the rest."
                values={{ done: progress.done, total: progress.total }}
              />
            ) : (
              <FormattedMessage
                id="outbox.progress"
                defaultMessage="Sending changes: {done} of {total}"
                values={{ done: progress.done, total: progress.total }}
              />
            )}
          </p>
          <progress
            aria-labelledby="sync-progress-label"
            className="h-2 w-full accent-primary-700"
            max={progress.total}
            value={progress.done}
          />
        </div>
      )}
      {entries.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-gray-700 shadow-sm">
          <FormattedMessage
            id="outbox.empty"
            defaultMessage="Nothing waits to be sent. Every change has reached the platform."
          />
        </p>
      ) : (
        <ul className="space-y-2">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-lg bg-white p-4 shadow-sm" data-testid="outbox-entry">
              <div className="flex flex-wrap items-center gap-2">
                <OutboxState status={progress.sending.includes(entry.id) ? 'sending' : entry.status} />
                <span className="font-medium">{entry.label}</span>
                <span className="text-sm text-gray-600">
                  {resourceLabel(intl, entry)} ·{' '}
                  {intl.formatMessage(
                    {
                      id: 'outbox.kind',
                      defaultMessage:
                        '{kind, select, create {create} update {update} run {run} other {delete}}',
                    },
                    { kind: entry.command ?? kinds[entry.method] },
                  )}{' '}
                  · <FormattedDate value={entry.createdAt} dateStyle="short" timeStyle="short" />
                </span>
                <span className="flex-1" />
                {entry.status === 'conflict' && (
                  <Button onClick={() => setResolving(entry)}>
                    <FormattedMessage id="outbox.resolve" defaultMessage="Resolve" />
                  </Button>
                )}
                {entry.status === 'failed' && entry.method !== 'DELETE' && !entry.command && (
                  <BackToForm entry={entry} />
                )}
                {entry.status === 'failed' && entry.method !== 'DELETE' && !entry.command && (
                  <Button onClick={() => setCorrecting(entry)}>
                    <FormattedMessage id="outbox.edit" defaultMessage="Edit" />
                    <span className="sr-only"> {entry.label}</span>
                  </Button>
                )}
                {!progress.sending.includes(entry.id) && entry.status !== 'conflict' && (
                  <Button variant="secondary" onClick={() => void retryEntry(entry.id)}>
                    <FormattedMessage id="outbox.retry" defaultMessage="Retry" />
                  </Button>
                )}
                <Button
                  variant="ghost"
                  className="ml-6"
                  data-destructive
                  onClick={() => discard(entry)}
                  disabled={progress.sending.includes(entry.id)}
                >
                  <FormattedMessage id="outbox.discard" defaultMessage="Discard" />
                </Button>
              </div>
              {entry.lastError && (
                <p className="mt-2 text-sm break-words text-red-800">
                  {entry.lastStatus ? (
                    `${entry.lastStatus}: ${errorLine(intl, { status: entry.lastStatus, message: entry.lastError })}`
                  ) : (
                    <FormattedMessage
                      id="outbox.noConnection"
                      defaultMessage="No connection: it is sent when the platform can be reached."
                    />
                  )}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <OnDemand part={conflictDialog} asked={resolving !== null} onClose={() => setResolving(null)}>
        {(ConflictDialog) =>
          resolving && <ConflictDialog entry={resolving} onClose={() => setResolving(null)} />
        }
      </OnDemand>
      <OnDemand part={failedEntryDialog} asked={correcting !== null} onClose={() => setCorrecting(null)}>
        {(FailedEntryDialog) =>
          correcting && <FailedEntryDialog entry={correcting} onClose={() => setCorrecting(null)} />
        }
      </OnDemand>
    </div>
  )
}

/** What a queued change is of, in the user's language: a catalog entry by its kind when its body says it. */
export function resourceLabel(intl: IntlShape, entry: Pick<OutboxEntry, 'resource' | 'body'>): string {
  const type = (entry.body as { type?: unknown } | undefined)?.type
  const kind = entry.resource === 'catalog' && typeof type === 'string' ? type : entry.resource
  return intl.formatMessage(
    {
      id: 'outbox.resource',
      defaultMessage:
        '{kind, select, tasks {Task} dataFormats {Data format} contracts {Contract} applications {Application} dataproduct {Data product} datasource {Data source} template {Template} connector {Connector} transformer {Transformer} other {Catalog entry}}',
    },
    // Select keys are words: `data-formats` and `datasource-template` are said by their last part.
    { kind: kind === 'data-formats' ? 'dataFormats' : kind === 'datasource-template' ? 'template' : kind },
  )
}
