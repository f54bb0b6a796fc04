import { useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { fieldsOf } from '../../contract/reading'
import type { OutboxEntry } from '../../outbox/db'
import { retryEntry } from '../../outbox/outbox'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { errorLine } from '../../ui/error-text'
import { EntryDialog } from './entry-dialog'

type Draft = Record<string, { text: string; json: boolean }>

/** Text fields are edited as text, anything else as JSON, so every entity family can be corrected here. */
function toDraft(body: Record<string, unknown>): Draft {
  return Object.fromEntries(
    Object.entries(body).map(([field, value]) =>
      typeof value === 'string'
        ? [field, { text: value, json: false }]
        : [field, { text: JSON.stringify(value, null, 2) ?? '', json: true }],
    ),
  )
}

/**
 * A change the platform refused (400/422): the user corrects its fields and sends it again under a
 * new key, or closes the dialog and discards it from the sync centre.
 */
export function FailedEntryDialog({ entry, onClose }: { entry: OutboxEntry; onClose: () => void }) {
  const intl = useIntl()
  const id = useId()
  const [draft, setDraft] = useState(() => toDraft(fieldsOf(entry.body)))
  const [invalid, setInvalid] = useState<string | null>(null)

  const send = async () => {
    const body: Record<string, unknown> = {}
    for (const [field, { text, json }] of Object.entries(draft)) {
      if (!json) {
        body[field] = text
        continue
      }
      try {
        body[field] = JSON.parse(text)
      } catch {
        setInvalid(field)
        return
      }
    }
    await retryEntry(entry.id, { body })
    onClose()
  }
  return (
    <EntryDialog
      width="w-[min(40rem,95vw)]"
      title={
        <FormattedMessage
          id="failed.title"
          defaultMessage="Correct {label}"
          values={{ label: entry.label }}
        />
      }
      text={
        <FormattedMessage
          id="failed.text"
          defaultMessage="The platform refused this change: {error}. Correct it and send it again."
          values={{ error: errorLine(intl, { status: entry.lastStatus, message: entry.lastError }) }}
        />
      }
      onClose={onClose}
    >
      {invalid && (
        <div className="mt-4">
          <Alert>
            <FormattedMessage
              id="failed.invalidJson"
              defaultMessage="{field} is not valid JSON."
              values={{ field: invalid }}
            />
          </Alert>
        </div>
      )}
      <div className="mt-4 space-y-3">
        {Object.entries(draft).map(([field, { text, json }]) => (
          <div key={field}>
            <label htmlFor={`${id}-${field}`} className="mb-1 block text-sm font-medium text-gray-800">
              {field}
            </label>
            {json ? (
              <textarea
                id={`${id}-${field}`}
                rows={3}
                value={text}
                onChange={(e) => setDraft((d) => ({ ...d, [field]: { text: e.target.value, json } }))}
                className="w-full rounded-md border border-gray-300 px-3 py-2 font-mono text-sm"
              />
            ) : (
              <input
                id={`${id}-${field}`}
                value={text}
                onChange={(e) => setDraft((d) => ({ ...d, [field]: { text: e.target.value, json } }))}
                className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
              />
            )}
          </div>
        ))}
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {intl.formatMessage({ id: 'common.cancel', defaultMessage: 'Cancel' })}
        </Button>
        <Button onClick={() => void send()}>
          <FormattedMessage id="failed.send" defaultMessage="Send again" />
        </Button>
      </div>
    </EntryDialog>
  )
}
