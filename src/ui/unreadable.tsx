import { FormattedMessage, useIntl } from 'react-intl'
import { UNREADABLE, type Unreadable } from '../contract/reading'
import { expectedWords } from './expected-words'

/**
 * An item of a list the console could not read: said as such, with the field that did not fit and
 * the item's raw content folded away, so the rest of the list keeps working.
 */
export function UnreadableItem({ item }: { item: Unreadable }) {
  const intl = useIntl()
  const { raw, path, expected } = item[UNREADABLE]
  // The row's own index is the list's business; the field inside it is what helps.
  const field = path.split('.').slice(1).join('.')
  return (
    <div data-testid="unreadable-item" className="text-sm text-amber-900">
      <p>
        <FormattedMessage
          id="reading.unreadable"
          defaultMessage="This item could not be read: {field} is not as expected ({expected})."
          values={{ field: field || '–', expected: expectedWords(intl, expected) }}
        />
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer text-xs">
          <FormattedMessage id="reading.raw" defaultMessage="What the platform sent" />
        </summary>
        <pre className="mt-1 max-h-60 overflow-auto rounded bg-gray-50 p-2 text-xs whitespace-pre-wrap break-all text-gray-900">
          {JSON.stringify(raw, null, 2)}
        </pre>
      </details>
    </div>
  )
}
