import { useEffect, useId, useSyncExternalStore } from 'react'
import { FormattedDate, FormattedMessage, FormattedTime } from 'react-intl'

const DAY_MS = 86_400_000

/** Today, yesterday or another day, by the device's calendar. */
function dayOf(at: number, now: number): 'today' | 'yesterday' | 'other' {
  const start = new Date(now)
  start.setHours(0, 0, 0, 0)
  if (at >= start.getTime()) return 'today'
  return at >= start.getTime() - DAY_MS ? 'yesterday' : 'other'
}

// Failed refreshes shown on the page, in the order they appeared: only the first is a live region,
// so one failure of the screen's calls is announced once, however many parts show it.
let failing: string[] = []
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const setFailing = (next: string[]) => {
  failing = next
  for (const listener of listeners) listener()
}
function useAnnouncesFailure(id: string, shown: boolean): boolean {
  useEffect(() => {
    if (!shown) return
    setFailing([...failing, id])
    return () => setFailing(failing.filter((one) => one !== id))
  }, [id, shown])
  return useSyncExternalStore(subscribe, () => failing[0] === id)
}

/**
 * When the shown data was fetched, with its day, so cached data offline is never mistaken for live:
 * data older than a day is marked old, and a refresh that failed offers a retry while the data stays.
 */
export function FetchedAt({
  updatedAt,
  fetching,
  failed = false,
  onRetry,
}: {
  updatedAt: number
  fetching: boolean
  /** The last refresh failed (the shown data is what was fetched before). */
  failed?: boolean
  onRetry?: () => void
}) {
  const id = useId()
  const announces = useAnnouncesFailure(id, Boolean(updatedAt) && failed && !fetching)
  if (!updatedAt) return null
  const now = Date.now()
  const old = now - updatedAt > DAY_MS
  return (
    <div
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-600"
      data-testid="fetched-at"
    >
      <p aria-live="polite">
        <FormattedMessage
          id="data.fetchedAt"
          defaultMessage="Fetched {day, select, today {today} yesterday {yesterday} other {on {date}}} at {time}"
          values={{
            day: dayOf(updatedAt, now),
            date: <FormattedDate value={updatedAt} dateStyle="medium" />,
            time: <FormattedTime value={updatedAt} hour="2-digit" minute="2-digit" />,
          }}
        />
        {fetching && (
          <>
            {' · '}
            <FormattedMessage id="data.refreshing" defaultMessage="Refreshing…" />
          </>
        )}
      </p>
      {old && !fetching && (
        <span
          className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900"
          data-testid="data-old"
        >
          <FormattedMessage id="data.old" defaultMessage="Old data" />
        </span>
      )}
      {failed && !fetching && (
        <>
          <span role={announces ? 'status' : undefined} className="text-amber-900">
            <FormattedMessage
              id="data.notRefreshed"
              defaultMessage="Could not refresh: showing saved data."
            />
          </span>
          {onRetry && (
            <button
              type="button"
              onClick={onRetry}
              className="inline-flex min-h-11 items-center rounded-md px-2 font-medium text-primary-800 underline hover:bg-primary-50 sm:min-h-0 sm:py-0.5"
            >
              <FormattedMessage id="data.retry" defaultMessage="Retry" />
            </button>
          )}
        </>
      )}
    </div>
  )
}

/** `FetchedAt` of one query: when its data was fetched, whether it is refreshing, and Retry when that failed. */
export function QueryFetchedAt({
  query,
}: {
  query: { dataUpdatedAt: number; isFetching: boolean; isError: boolean; refetch: () => unknown }
}) {
  return (
    <FetchedAt
      updatedAt={query.dataUpdatedAt}
      fetching={query.isFetching}
      failed={query.isError}
      onRetry={() => void query.refetch()}
    />
  )
}
