import { type ComponentProps, lazy, Suspense } from 'react'
import { FormattedMessage } from 'react-intl'
import { withLaterMessages } from '../i18n/i18n-provider'
import { afterFirstScreen } from '../outbox/lazy-db'
import type { ErrorNotice } from './error-notice'

type NoticeProps = ComponentProps<typeof ErrorNotice>

/** The failure texts' code, loaded as a failure is shown (the service worker keeps it for offline use). */
const loadErrorNotice = withLaterMessages(() => import('./error-notice'))

// Fetched once the first screen is shown, so a failure met later, offline too, is worded at once.
void afterFirstScreen()
  .then(loadErrorNotice)
  .catch(() => undefined)

/**
 * The notice when its code cannot come (offline before it was fetched, and no service worker keeps
 * it): the failure is still said, plainly, with its retry; never a broken screen instead.
 */
function PlainNotice({ headline, onRetry }: NoticeProps) {
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
      data-testid="error-notice"
    >
      {headline ?? <FormattedMessage id="error.title" defaultMessage="Error" />}
      {onRetry && (
        <button type="button" onClick={onRetry} className="ml-3 underline">
          <FormattedMessage id="data.retry" defaultMessage="Retry" />
        </button>
      )}
    </div>
  )
}

const Loaded = lazy(() =>
  loadErrorNotice().then(
    (module) => ({ default: module.ErrorNotice }),
    () => ({ default: PlainNotice }),
  ),
)

/**
 * The ErrorNotice of a list's or an entity's first screen. The rules that word a failure (its fields,
 * the platform's refusal, the diagnosis) are a chunk a screen that reads well never needs, so they load
 * after it, or when a failure is shown first. Meanwhile the notice's box holds its place.
 */
export function LazyErrorNotice(props: NoticeProps) {
  return (
    <Suspense
      fallback={<div className="min-h-12 rounded-md border border-red-300 bg-red-50" aria-busy="true" />}
    >
      <Loaded {...props} />
    </Suspense>
  )
}
