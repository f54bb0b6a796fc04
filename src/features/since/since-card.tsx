import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl'
import { useWaitingCount } from '../../outbox/use-outbox'
import { updateAppBadge } from '../../pwa/app-badge'
import { FIGURE_GAP_TEXT, figureGap } from '../../ui/query-state'
import { useSince } from './use-since'

/**
 * The home screen's "since you last looked": failed and late runs since the user last opened their
 * list, plus the changes waiting to be sent; one tap opens the list. The same total is the app's badge.
 */
export function SinceCard() {
  const intl = useIntl()
  const { query, counts } = useSince()
  const waiting = useWaitingCount()
  const total = counts ? counts.total + waiting : undefined
  const unseen = counts?.total
  // The app's badge shows the same: what the worker added while closed is replaced by this count.
  useEffect(() => {
    if (unseen !== undefined) void updateAppBadge({ failuresNow: unseen })
  }, [unseen])
  const unknown = intl.formatMessage(FIGURE_GAP_TEXT[figureGap(query)])
  const figure = (value: number | undefined, testId: string) => (
    <span className="block text-xl font-semibold text-gray-900 sm:text-2xl" data-testid={testId}>
      {value === undefined ? (
        <span title={unknown}>
          <span aria-hidden="true">–</span>
          <span className="sr-only">{unknown}</span>
        </span>
      ) : (
        <FormattedNumber value={value} />
      )}
    </span>
  )
  const label = intl.formatMessage(
    {
      id: 'since.open',
      defaultMessage:
        'Since you last looked: {failed} failed, {late} late, {waiting} waiting to be sent. Open the list',
    },
    {
      failed: counts?.failed ?? '–',
      late: counts?.late ?? '–',
      waiting,
    },
  )
  // A phone: one row each, label and figure side by side (long Finnish words fit); wider: three tiles.
  const tile =
    'flex items-center justify-between gap-2 rounded-md border-l-4 bg-gray-50 px-3 py-2 sm:flex-col sm:items-stretch'
  return (
    <section aria-labelledby="home-since" className="rounded-lg bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-baseline gap-2">
        <h2 id="home-since" className="flex-auto text-lg font-semibold text-gray-900">
          <FormattedMessage id="since.title" defaultMessage="Since you last looked" />
        </h2>
        {total !== undefined && (
          <span className="text-sm text-gray-700" data-testid="since-total">
            <FormattedMessage
              id="since.total"
              defaultMessage="{count, plural, =0 {Nothing new} one {# to look at} other {# to look at}}"
              values={{ count: total }}
            />
          </span>
        )}
      </div>
      <Link
        to="/since"
        aria-label={label}
        data-testid="since-link"
        className="block rounded-md hover:bg-primary-50 focus-visible:outline-2"
      >
        <span className="grid gap-2 sm:grid-cols-3 sm:gap-3">
          <span className={`${tile} border-red-700`}>
            <span className="block text-sm text-gray-700">
              <FormattedMessage id="since.failed" defaultMessage="Failed runs" />
            </span>
            {figure(counts?.failed, 'since-failed')}
          </span>
          <span className={`${tile} border-amber-500`}>
            <span className="block text-sm text-gray-700">
              <FormattedMessage id="since.late" defaultMessage="Late runs" />
            </span>
            {figure(counts?.late, 'since-late')}
          </span>
          <span className={`${tile} border-primary-600`}>
            <span className="block text-sm text-gray-700">
              <FormattedMessage id="since.waiting" defaultMessage="Waiting to be sent" />
            </span>
            {figure(waiting, 'since-waiting')}
          </span>
        </span>
        <span aria-hidden="true" className="mt-2 block text-sm text-primary-800 underline">
          <FormattedMessage id="since.openShort" defaultMessage="Open the list" />
        </span>
      </Link>
    </section>
  )
}
