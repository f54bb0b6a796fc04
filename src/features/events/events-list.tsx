import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useRef } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import type { PlatformEvent } from '../../api/events'
import { isUnreadable } from '../../contract/reading'
import { targetTypeText } from '../../ui/enum-text'
import { StatusBadge } from '../../ui/status-badge'
import { UnreadableItem } from '../../ui/unreadable'

const ROW_HEIGHT = 72

/**
 * Only the rows in view (and a few either side) are in the DOM, so ten thousand loaded events
 * scroll as smoothly as ten.
 */
export function EventsList({ events, onOpen }: { events: PlatformEvent[]; onOpen: (id: string) => void }) {
  const intl = useIntl()
  const scroller = useRef<HTMLDivElement>(null)
  const virtual = useVirtualizer({
    count: events.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  })
  if (events.length === 0)
    return (
      <p className="rounded-lg bg-white px-4 py-6 text-center text-gray-600 shadow-sm">
        <FormattedMessage id="common.noRows" defaultMessage="Nothing to show" />
      </p>
    )
  return (
    <div
      ref={scroller}
      data-testid="events-scroller"
      className="max-h-[min(70vh,44rem)] overflow-y-auto rounded-lg bg-white shadow-sm"
    >
      <ul
        aria-label={intl.formatMessage({ id: 'page.events', defaultMessage: 'Events' })}
        className="relative w-full"
        style={{ height: virtual.getTotalSize() }}
      >
        {virtual.getVirtualItems().map((row) => {
          const event = events[row.index]
          if (event && isUnreadable(event))
            return (
              <li
                key={event.id}
                data-testid="event-row"
                aria-setsize={events.length}
                aria-posinset={row.index + 1}
                className="absolute top-0 left-0 w-full overflow-auto border-b border-gray-100 bg-amber-50 px-3"
                style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
              >
                <UnreadableItem item={event} />
              </li>
            )
          return event ? (
            <EventRow
              key={event.id}
              event={event}
              index={row.index}
              count={events.length}
              start={row.start}
              onOpen={onOpen}
            />
          ) : null
        })}
      </ul>
    </div>
  )
}

/** Memoized: while scrolling only the rows that come into view render, not every visible one. */
const EventRow = memo(function EventRow({
  event,
  index,
  count,
  start,
  onOpen,
}: {
  event: PlatformEvent
  index: number
  count: number
  start: number
  onOpen: (id: string) => void
}) {
  const intl = useIntl()
  return (
    <li
      data-testid="event-row"
      aria-setsize={count}
      aria-posinset={index + 1}
      className="absolute top-0 left-0 w-full border-b border-gray-100"
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      <button
        type="button"
        onClick={() => onOpen(event.id)}
        className="grid h-full w-full grid-cols-[auto_1fr] items-center gap-x-3 px-3 text-left text-sm hover:bg-primary-50 md:grid-cols-[10rem_6rem_1fr_14rem]"
      >
        <span className="text-xs text-gray-700 md:text-sm">
          <FormattedDate value={event.timestamp} dateStyle="short" timeStyle="medium" />
        </span>
        <span className="justify-self-end md:justify-self-start">
          <StatusBadge status={event.status} />
        </span>
        <span className="col-span-2 min-w-0 md:col-span-1">
          <span className="block truncate font-mono text-xs font-semibold text-gray-900">{event.type}</span>
          <span className="block truncate text-gray-700">{event.message}</span>
        </span>
        <span className="hidden truncate text-gray-700 md:block">
          {event.targetType && targetTypeText(intl, event.targetType)} · {event.receiverName ?? event.appName}
        </span>
      </button>
    </li>
  )
})
