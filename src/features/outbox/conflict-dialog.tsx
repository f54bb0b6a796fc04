import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { PLATFORM_KEPT } from '../../contract/platform-kept'
import { fieldsOf } from '../../contract/reading'
import type { OutboxEntry } from '../../outbox/db'
import { discardEntry, retryEntry } from '../../outbox/outbox'
import { Button } from '../../ui/button'
import { EntryDialog } from './entry-dialog'
import { differingFields } from './same-value'

function show(value: unknown): string {
  if (value === undefined) return '—'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** Mine, theirs, or a field-by-field merge of the two, sent on top of their version. */
export function ConflictDialog({ entry, onClose }: { entry: OutboxEntry; onClose: () => void }) {
  const mine = fieldsOf(entry.body)
  const theirs = entry.theirs ?? {}
  // Values, not their JSON text: the platform gives objects back with their keys in another order.
  const fields = differingFields(mine, theirs, PLATFORM_KEPT).filter((f) => f in mine)
  const [choice, setChoice] = useState<Record<string, 'mine' | 'theirs'>>(() =>
    Object.fromEntries(fields.map((f) => [f, 'mine'])),
  )
  const theirVersion = typeof theirs.updatedAt === 'string' ? theirs.updatedAt : undefined

  const keepMine = async () => {
    await retryEntry(entry.id, { baseVersion: theirVersion })
    onClose()
  }
  const takeTheirs = async () => {
    await discardEntry(entry.id)
    onClose()
  }
  const merge = async () => {
    const merged = { ...mine }
    for (const field of fields) if (choice[field] === 'theirs') merged[field] = theirs[field]
    await retryEntry(entry.id, { body: merged, baseVersion: theirVersion })
    onClose()
  }
  return (
    <EntryDialog
      width="w-[min(44rem,95vw)]"
      title={
        <FormattedMessage
          id="conflict.title"
          defaultMessage="Someone else changed {label}"
          values={{ label: entry.label }}
        />
      }
      text={
        <FormattedMessage
          id="conflict.text"
          defaultMessage="Your change was not applied. Keep yours, take theirs, or choose field by field."
        />
      }
      onClose={onClose}
    >
      {fields.length > 0 && entry.method !== 'DELETE' && (
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b">
              <th className="py-2 pr-2">
                <FormattedMessage id="conflict.field" defaultMessage="Field" />
              </th>
              <th className="py-2 pr-2">
                <FormattedMessage id="conflict.mine" defaultMessage="Mine" />
              </th>
              <th className="py-2">
                <FormattedMessage id="conflict.theirs" defaultMessage="Theirs" />
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field} className="border-b align-top">
                <th scope="row" className="py-2 pr-2 font-medium">
                  {field}
                </th>
                {(['mine', 'theirs'] as const).map((side) => (
                  <td key={side} className="py-2 pr-2">
                    <label className="flex items-start gap-2">
                      <input
                        type="radio"
                        name={`conflict-${field}`}
                        checked={choice[field] === side}
                        onChange={() => setChoice((c) => ({ ...c, [field]: side }))}
                      />
                      <span className="[overflow-wrap:anywhere]">
                        {show(side === 'mine' ? mine[field] : theirs[field])}
                      </span>
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => void takeTheirs()}>
          <FormattedMessage id="conflict.takeTheirs" defaultMessage="Take theirs" />
        </Button>
        <Button variant="secondary" onClick={() => void keepMine()}>
          <FormattedMessage id="conflict.keepMine" defaultMessage="Keep mine" />
        </Button>
        {fields.length > 0 && entry.method !== 'DELETE' && (
          <Button onClick={() => void merge()}>
            <FormattedMessage id="conflict.merge" defaultMessage="Save merged" />
          </Button>
        )}
      </div>
    </EntryDialog>
  )
}
