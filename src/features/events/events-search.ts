import type { EventFilters } from '../../api/events'
import { EVENTS_FIRST_LIMIT } from '../../api/events'

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

const text = (v: unknown) => (typeof v === 'string' && v.trim() && v.length <= 100 ? v.trim() : undefined)
const date = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined)

/** Reads the search leniently: a bad value is dropped, never an error page. */
export function parseEventsSearch(raw: Record<string, unknown>, storedError: boolean): EventsSearch {
  const limit = Number(raw.limit)
  const error =
    raw.error === true || raw.error === 'true'
      ? true
      : raw.error === false || raw.error === 'false'
        ? false
        : storedError
  return {
    type: text(raw.type),
    status: text(raw.status),
    category: text(raw.category),
    targetType: text(raw.targetType),
    app: text(raw.app),
    from: date(raw.from),
    to: date(raw.to),
    error: error || undefined,
    limit: Number.isInteger(limit) && limit > EVENTS_FIRST_LIMIT && limit <= 10_000 ? limit : undefined,
    event: text(raw.event),
  }
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
