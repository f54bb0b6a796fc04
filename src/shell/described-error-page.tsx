import { useIntl } from 'react-intl'
import { describeError } from '../ui/error-text'
import { ErrorPage } from './error-pages'

/** A route's failure with a status: its headline in the user's language, the platform's words as a detail. */
export default function DescribedErrorPage({
  status,
  error,
  onRetry,
}: {
  status: number
  error: unknown
  onRetry: () => void
}) {
  const said = describeError(useIntl(), error)
  return <ErrorPage status={status} message={said.headline} detail={said.detail} onRetry={onRetry} />
}
