import { useIntl } from 'react-intl'
import { statusText } from './enum-text'

/** An event's or task's status as a coloured tag; the text itself carries the meaning. */
const tones: Record<string, string> = {
  error: 'bg-red-100 text-red-900',
  warning: 'bg-amber-100 text-amber-900',
  success: 'bg-green-100 text-green-900',
  running: 'bg-green-100 text-green-900',
  info: 'bg-sky-100 text-sky-900',
}

export function StatusBadge({ status }: { status: string }) {
  const intl = useIntl()
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${tones[status] ?? 'bg-gray-100 text-gray-800'}`}
    >
      {statusText(intl, status)}
    </span>
  )
}
