import { useInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo } from 'react'
import { FormattedMessage, FormattedNumber } from 'react-intl'
import { EVENTS_FIRST_LIMIT, eventsQuery, flattenEvents } from '../../api/events'
import { Button } from '../../ui/button'
import { QueryFetchedAt } from '../../ui/fetched-at'
import { FilterDisclosure } from '../../ui/filter-disclosure'
import { OnDemand, onDemand } from '../../ui/on-demand'
import { PageHeader } from '../../ui/page-header'
import { QueryState } from '../../ui/query-state'
import { EventFilters } from './event-filters'
import { EventsList } from './events-list'
import { type EventsSearch, filtersOf } from './events-search'

const route = getRouteApi('/_user/events')
/** The event's drawer (Radix's dialog with it) is fetched once the list is shown, not before its rows. */
const eventDrawer = onDemand(
  () => import('./event-drawer'),
  (m) => m.EventDrawer,
)

/** `onErrorFilter` keeps the stored "errors only" choice that the menu's Events entry resets. */
export function EventsScreen({ onErrorFilter }: { onErrorFilter: (on: boolean) => void }) {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const filters = useMemo(() => filtersOf(search), [search])
  const target = search.limit ?? EVENTS_FIRST_LIMIT
  const query = useInfiniteQuery(eventsQuery(filters, target))
  const all = useMemo(() => flattenEvents(query.data?.pages), [query.data])
  const shown = all.length > target ? all.slice(0, target) : all
  const totalCount = query.data?.pages.at(-1)?.totalCount ?? 0
  // Without the platform's total, a full last page means there may be more.
  const more = query.data?.pages.at(-1)?.more
  const canLoadMore = shown.length < totalCount || more === true
  const { hasNextPage, isFetching, fetchNextPage } = query

  // The URL says how many are shown; fetch pages until that many are loaded (or there are no more).
  useEffect(() => {
    if (all.length < target && hasNextPage && !isFetching) void fetchNextPage()
  }, [all.length, target, hasNextPage, isFetching, fetchNextPage])

  const setSearch = (patch: Partial<EventsSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: 'event' in patch })
  const changeFilters = (next: Omit<EventsSearch, 'limit' | 'event'>) => {
    onErrorFilter(next.error === true)
    void navigate({ search: { ...next, error: next.error ? true : undefined } })
  }
  const open = useCallback(
    (id: string) => void navigate({ search: (prev) => ({ ...prev, event: id }), replace: true }),
    [navigate],
  )
  const loadMore = () => {
    const next = Math.max(target, all.length) * 2
    setSearch({ limit: more ? next : Math.min(totalCount, next) })
  }

  return (
    <div>
      <PageHeader title={<FormattedMessage id="page.events" defaultMessage="Events" />} />
      <FilterDisclosure
        active={
          Object.entries(search).filter(([key, v]) => key !== 'limit' && key !== 'event' && v !== undefined)
            .length
        }
      >
        <EventFilters value={search} onChange={changeFilters} />
      </FilterDisclosure>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-700" aria-live="polite" data-testid="events-count">
          {query.data !== undefined && more !== undefined && (
            <FormattedMessage
              id="events.showingOpen"
              defaultMessage="Showing {shown}"
              values={{ shown: <FormattedNumber value={shown.length} /> }}
            />
          )}
          {query.data !== undefined && more === undefined && (
            <FormattedMessage
              id="events.showing"
              defaultMessage="Showing {shown} of {total}"
              values={{
                shown: <FormattedNumber value={shown.length} />,
                total: <FormattedNumber value={totalCount} />,
              }}
            />
          )}
        </p>
        <QueryFetchedAt query={query} />
      </div>
      {query.data === undefined ? (
        <QueryState query={query} empty={false} />
      ) : (
        <EventsList events={shown} onOpen={open} />
      )}
      {canLoadMore && (
        <div className="mt-3 flex justify-center">
          <Button variant="secondary" onClick={loadMore} disabled={query.isFetchingNextPage}>
            <FormattedMessage id="events.loadMore" defaultMessage="Load more" />
          </Button>
        </div>
      )}
      <OnDemand
        part={eventDrawer}
        asked={search.event !== undefined}
        onClose={() => setSearch({ event: undefined })}
      >
        {(EventDrawer) => (
          <EventDrawer
            id={search.event}
            loaded={all.find((e) => e.id === search.event)}
            onClose={() => setSearch({ event: undefined })}
          />
        )}
      </OnDemand>
    </div>
  )
}
