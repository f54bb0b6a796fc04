import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { PagedList } from '../contract/envelope'
import type { PlatformEvent } from '../contract/event'
import { readPage } from '../contract/reading'
import { dataOrThrow, request } from '../core/http'
import { scopeKey } from '../core/keys'

export type { PlatformEvent } from '../contract/event'

/** The list's filters, as kept in the URL search (all optional: absent means any). */
export interface EventFilters {
  type?: string
  status?: string
  category?: string
  targetType?: string
  appName?: string
  /** ISO date-times. */
  from?: string
  to?: string
  /** "errors only", the filter that choosing Events in the menu resets. */
  error?: boolean
}

export type EventPage = Omit<PagedList<PlatformEvent>, 'error'>

import { EVENTS_FIRST_LIMIT } from '../contract/first-limits'

export { EVENTS_FIRST_LIMIT }

/** The most events asked in one call (the platform answers up to 10,000). */
const MAX_PAGE = 5000

export const EVENTS = 'events'
export const eventKeys = {
  all: () => [...scopeKey(), EVENTS] as const,
  list: (filters: EventFilters) => [...eventKeys.all(), 'list', filters] as const,
  detail: (id: string) => [...eventKeys.all(), 'detail', id] as const,
}

export const eventQueryParams = (f: EventFilters) => ({
  type: f.type,
  status: f.error ? undefined : f.status,
  category: f.category,
  targetType: f.targetType,
  appName: f.appName,
  from: f.from,
  to: f.to,
  error: f.error ? 'true' : undefined,
})

export interface EventPageParam {
  offset: number
  limit: number
}

/**
 * Offset paging: the first page holds 5 events; the next asks for what the screen wants shown
 * (`target`, not part of the key) or else as many again as are loaded, so 10,000 events take a
 * few calls, not two thousand.
 */
export const eventsQuery = (filters: EventFilters, target = EVENTS_FIRST_LIMIT) =>
  infiniteQueryOptions({
    queryKey: eventKeys.list(filters),
    placeholderData: keepPreviousData,
    // A new event from the live stream goes on top, shifting every row: comparing the list with the
    // one before, row by row, finds nothing to keep and costs most of a frame at hundreds a second.
    structuralSharing: false,
    initialPageParam: { offset: 0, limit: EVENTS_FIRST_LIMIT } as EventPageParam,
    queryFn: async ({ pageParam, signal }): Promise<EventPage> => {
      const result = await request<PlatformEvent[]>({
        path: '/api/{env}/events',
        query: { ...eventQueryParams(filters), offset: pageParam.offset, limit: pageParam.limit },
        signal,
        schema: (a) => a.listOf(a.eventAnswer),
        rows: true,
      })
      const items = dataOrThrow(result)
      return { items, ...readPage(items.length, result.total, pageParam) }
    },
    getNextPageParam: (last, pages, lastParam): EventPageParam | undefined => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0)
      if (last.items.length === 0) return undefined
      // Without a total, a full page means there may be more.
      if (last.more === undefined ? loaded >= last.totalCount : !last.more) return undefined
      const wanted = target > loaded ? target - loaded : loaded
      return {
        offset: lastParam.offset + last.items.length,
        limit: Math.min(MAX_PAGE, Math.max(EVENTS_FIRST_LIMIT, wanted)),
      }
    },
  })

/** Every loaded event once: an event written between two pages shifts offsets by one. */
export function flattenEvents(pages: EventPage[] | undefined): PlatformEvent[] {
  const seen = new Set<string>()
  const out: PlatformEvent[] = []
  for (const page of pages ?? [])
    for (const event of page.items) {
      if (seen.has(event.id)) continue
      seen.add(event.id)
      out.push(event)
    }
  return out
}

export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: async ({ signal }) =>
      dataOrThrow(
        await request<PlatformEvent>({
          path: '/api/{env}/events/{id}',
          params: { id },
          signal,
          schema: (a) => a.eventAnswer,
        }),
      ),
  })

/** Where an event's target lives in the console (its route), by its target type. */
export type EntityLink =
  | { to: '/products/$id'; id: string }
  | { to: '/tasks/$id'; id: string }
  | { to: '/data-formats/{-$id}/edit'; id: string }
  | { to: '/sources/$id/edit'; id: string }
  | { to: '/templates/$id/edit'; id: string }
  | { to: '/connectors/$id/edit'; id: string }
  | { to: '/transformers/$id/edit'; id: string }

export function entityLink(event: PlatformEvent): EntityLink | undefined {
  const id = event.targetEntityId
  if (!id) return undefined
  switch (event.targetType) {
    case 'product':
    case 'dataproduct':
      return { to: '/products/$id', id }
    case 'task':
      return { to: '/tasks/$id', id }
    case 'data-format':
      return { to: '/data-formats/{-$id}/edit', id }
    case 'datasource':
    case 'source':
      return { to: '/sources/$id/edit', id }
    case 'datasource-template':
    case 'template':
      return { to: '/templates/$id/edit', id }
    case 'connector':
      return { to: '/connectors/$id/edit', id }
    case 'transformer':
      return { to: '/transformers/$id/edit', id }
    case 'contract':
      // A contract has no screen of its own: it is shown on its product's detail.
      return event.productId ? { to: '/products/$id', id: event.productId } : undefined
    default:
      return undefined
  }
}
