import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { describeError } from './error-text'

const retryClass =
  'inline-flex min-h-11 items-center rounded-md border border-red-300 bg-white px-3 font-medium text-red-900 hover:bg-red-100 sm:min-h-9'

/**
 * A failed call, in the chosen language: what happened, the platform's refused fields, its own words
 * folded away as a detail, and a retry when one can help. Server text is rendered as text.
 */
export function ErrorNotice({
  error,
  onRetry,
  headline,
  children,
}: {
  error: unknown
  onRetry?: () => void
  /** Words that fit the screen better than the failure's own. */
  headline?: ReactNode
  children?: ReactNode
}) {
  const intl = useIntl()
  const text = describeError(intl, error)
  return (
    <div
      className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
      data-testid="error-notice"
    >
      <div className="flex flex-wrap items-start gap-3">
        <div role="alert" className="min-w-0 flex-1 break-words">
          <p className="font-medium">{headline ?? text.headline}</p>
          {text.issues.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {text.issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          )}
        </div>
        {onRetry && (
          <button type="button" onClick={onRetry} className={retryClass}>
            <FormattedMessage id="data.retry" defaultMessage="Retry" />
          </button>
        )}
      </div>
      {children}
      {text.diagnosis && (
        <details className="mt-1 text-xs text-red-800" data-testid="error-diagnosis">
          <summary className="cursor-pointer">
            <FormattedMessage id="failure.details" defaultMessage="Details" />
          </summary>
          <p className="break-words">{text.diagnosis}</p>
        </details>
      )}
      {text.detail && (
        <details className="mt-1 text-xs text-red-800">
          <summary className="cursor-pointer">
            <FormattedMessage id="failure.detail" defaultMessage="The platform's message" />
          </summary>
          <p className="break-words" lang="en">
            {text.detail}
          </p>
        </details>
      )}
    </div>
  )
}
