import { Link } from '@tanstack/react-router'
import { FormattedDate, FormattedMessage } from 'react-intl'
import type { PlatformEvent } from '../../api/events'
import { isUnreadable } from '../../contract/reading'
import { Button } from '../../ui/button'
import { type QueryLike, QueryState } from '../../ui/query-state'
import { UnreadableItem } from '../../ui/unreadable'

/** The platform's last error events (getlasterrors), each opening in the events drawer. */
export function LastErrors({
  query,
  onMore,
}: {
  query: QueryLike & { data?: PlatformEvent[] }
  onMore?: () => void
}) {
  const events = query.data ?? []
  return (
    <section
      aria-labelledby="last-errors-title"
      className="rounded-lg bg-white p-4 shadow-sm"
      data-testid="last-errors"
    >
      <div className="mb-2 flex items-center gap-2">
        <h2 id="last-errors-title" className="flex-auto text-lg font-semibold text-gray-900">
          <FormattedMessage id="monitoring.lastErrors" defaultMessage="Last errors" />
        </h2>
        {onMore && events.length > 0 && (
          <Button variant="ghost" className="px-2 py-1" onClick={onMore}>
            <FormattedMessage id="monitoring.moreErrors" defaultMessage="Show more errors" />
          </Button>
        )}
      </div>
      <p className="mb-2 text-sm text-gray-700">
        <FormattedMessage
          id="monitoring.lastErrorsText"
          defaultMessage="Events the platform recorded as errors, newest first. The charts' errors are requests it answered with a server error (5xx)."
        />
      </p>
      {events.length === 0 ? (
        <div className="text-sm">
          <QueryState
            query={query}
            empty
            inline
            emptyText={<FormattedMessage id="monitoring.noErrors" defaultMessage="No errors" />}
          />
        </div>
      ) : (
        <ul className="divide-y divide-gray-200 text-sm">
          {events.map((event) =>
            isUnreadable(event) ? (
              <li key={event.id} data-testid="last-error" className="py-2">
                <UnreadableItem item={event} />
              </li>
            ) : (
              <li
                key={event.id}
                data-testid="last-error"
                className="flex flex-wrap items-baseline gap-x-3 py-2"
              >
                <span className="text-xs whitespace-nowrap text-gray-700">
                  <FormattedDate value={event.timestamp} dateStyle="short" timeStyle="short" />
                </span>
                <Link
                  to="/events"
                  search={{ error: true, event: event.id }}
                  className="font-mono text-xs font-semibold text-primary-800 underline"
                >
                  {event.type}
                </Link>
                <span className="min-w-0 flex-1 basis-48 truncate text-gray-800">{event.message}</span>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  )
}
