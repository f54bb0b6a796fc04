import { useIntl } from 'react-intl'
import { reportError, useReportedError } from '../core/error-state'

/** Shows the shared error state (server error text) until dismissed. Server text is rendered as text. */
export function ReportedError() {
  const intl = useIntl()
  const message = useReportedError()
  if (!message) return null
  return (
    <div
      role="alert"
      className="mb-4 flex items-start gap-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <p className="flex-1">
        <strong className="mr-2">{intl.formatMessage({ id: 'error.title', defaultMessage: 'Error' })}</strong>
        {message}
      </p>
      <button
        type="button"
        onClick={() => reportError(null)}
        className="rounded px-2 text-red-900 hover:bg-red-100"
        aria-label={intl.formatMessage({ id: 'error.dismiss', defaultMessage: 'Dismiss' })}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}
