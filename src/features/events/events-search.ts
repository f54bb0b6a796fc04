import type { EventFilters } from '../../api/events'
import { EVENTS_FIRST_LIMIT } from '../../contract/first-limits'
import { matching, searchSchema, trimmedText, wholeBetween, yesNo } from '../../ui/list-search'

/** The events screen's URL search: filters, how many are shown, and the event opened in the drawer. */
export interface EventsSearch {
  type?: string
  status?: string
  category?: string
  targetType?: string
  app?: string
  /** Dates (YYYY-MM-DD), the whole day included, in the operator's time zone. */
  from?: string
  to?: string
  error?: boolean
  limit?: number
  event?: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const fields = searchSchema({
  type: trimmedText(100),
  status: trimmedText(100),
  category: trimmedText(100),
  targetType: trimmedText(100),
  app: trimmedText(100),
  from: matching(DAY),
  to: matching(DAY),
  error: yesNo,
  limit: wholeBetween(EVENTS_FIRST_LIMIT + 1, 10_000),
  event: trimmedText(100),
})

/** Reads the search leniently: a bad value is dropped, never an error page; no `error` takes the stored one. */
export function parseEventsSearch(raw: Record<string, unknown>, storedError: boolean): EventsSearch {
  const search = fields(raw)
  return { ...search, error: (search.error ?? storedError) || undefined }
}

/** Local midnight of a YYYY-MM-DD, plus `days`, as an ISO instant. */
function localDay(day: string, days = 0): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days).toISOString()
}

export function filtersOf(search: EventsSearch): EventFilters {
  return {
    type: search.type,
    status: search.status,
    category: search.category,
    targetType: search.targetType,
    appName: search.app,
    from: search.from ? localDay(search.from) : undefined,
    // The last millisecond of the chosen day.
    to: search.to ? new Date(Date.parse(localDay(search.to, 1)) - 1).toISOString() : undefined,
    error: search.error,
  }
}
