import { defineMessages, FormattedMessage, useIntl } from 'react-intl'
import { RANGES, type Range } from '../../api/monitoring'

const labels = defineMessages<Range>({
  '24h': { id: 'monitoring.range.24h', defaultMessage: 'Last 24h' },
  '48h': { id: 'monitoring.range.48h', defaultMessage: 'Last 48h' },
  '7d': { id: 'monitoring.range.7d', defaultMessage: 'Last week' },
  '14d': { id: 'monitoring.range.14d', defaultMessage: 'Last 2 weeks' },
  '30d': { id: 'monitoring.range.30d', defaultMessage: 'Last month' },
  '60d': { id: 'monitoring.range.60d', defaultMessage: 'Last 2 months' },
})

/** The date range choices (last 24 h to 2 months), as radio buttons so arrow keys move between them. */
export function RangePicker({ value, onChange }: { value: Range; onChange: (next: Range) => void }) {
  const intl = useIntl()
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">
        <FormattedMessage id="monitoring.range" defaultMessage="Date range" />
      </legend>
      {RANGES.map((range) => (
        <label
          key={range}
          className={`cursor-pointer rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-500 ${
            range === value
              ? 'border-primary-700 bg-primary-700 text-white'
              : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50'
          }`}
        >
          <input
            type="radio"
            name="monitoring-range"
            value={range}
            checked={range === value}
            onChange={() => onChange(range)}
            className="sr-only"
          />
          {intl.formatMessage(labels[range])}
        </label>
      ))}
    </fieldset>
  )
}
