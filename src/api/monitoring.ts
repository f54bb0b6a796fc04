import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { OrganizationStats, StatsBucket } from '../contract/event'
import type { Range } from '../contract/first-limits'
import type { TaskStatus } from '../contract/task'
import { dataOrThrow, request } from '../core/http'
import { scopeKey } from '../core/keys'
import type { PlatformEvent } from './events'

export {
  DEFAULT_RANGE,
  RANGES,
  type Range,
  STATS_FIRST_LIMIT,
} from '../contract/first-limits'

/** The query parameters of a range: `hours` for the short ones, `days` otherwise. */
export function rangeQuery(range: Range): { hours?: number; days?: number } {
  const n = Number.parseInt(range, 10)
  return range.endsWith('h') ? { hours: n } : { days: n }
}

export const monitoringKeys = {
  all: () => [...scopeKey(), 'monitoring'] as const,
  stats: (range: Range) => [...monitoringKeys.all(), 'stats', range] as const,
  organizations: (range: Range, limit: number) =>
    [...monitoringKeys.all(), 'organizations', range, limit] as const,
  lastErrors: (limit: number) => [...monitoringKeys.all(), 'last-errors', limit] as const,
  taskCount: (status: string) => [...monitoringKeys.all(), 'task-count', status] as const,
}

export const statsQuery = (range: Range) =>
  queryOptions({
    queryKey: monitoringKeys.stats(range),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      dataOrThrow(
        await request<StatsBucket[]>({
          path: '/api/{env}/stats',
          query: rangeQuery(range),
          signal,
          schema: (a) => a.listOf(a.statsBucketAnswer),
        }),
      ),
  })

export const organizationStatsQuery = (range: Range, limit: number) =>
  queryOptions({
    queryKey: monitoringKeys.organizations(range, limit),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      dataOrThrow(
        await request<OrganizationStats[]>({
          path: '/api/{env}/stats/organizations',
          query: { ...rangeQuery(range), limit },
          signal,
          schema: (a) => a.listOf(a.organizationStatsAnswer),
        }),
      ),
  })

export const lastErrorsQuery = (limit: number) =>
  queryOptions({
    queryKey: monitoringKeys.lastErrors(limit),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      dataOrThrow(
        await request<PlatformEvent[]>({
          path: '/api/{env}/getlasterrors',
          query: { limit },
          signal,
          schema: (a) => a.listOf(a.eventAnswer),
          rows: true,
        }),
      ),
  })

/** The task statuses in the order the home screen counts them. */
export const TASK_STATUSES = [
  'running',
  'error',
  'warning',
  'stopped',
] as const satisfies readonly TaskStatus[]
export type { TaskStatus } from '../contract/task'

/** The most tasks counted one by one on a platform that does not give a list's total. */
const COUNT_WITHOUT_TOTAL = 1000

/** How many tasks have a status: the platform's task list, one row asked, its totalCount read. */
export const taskCountQuery = (status: TaskStatus) =>
  queryOptions({
    queryKey: monitoringKeys.taskCount(status),
    queryFn: async ({ signal }) => {
      const result = await request<unknown[]>({
        path: '/api/{env}/tasks',
        query: { status: `in:${status}`, limit: 1 },
        signal,
        schema: (a) => a.anyList,
      })
      const rows = dataOrThrow(result)
      if (result.total !== undefined || rows.length === 0) return result.total ?? 0
      // Without a total, one row asked tells only "some": the rows themselves are counted.
      const all = await request<unknown[]>({
        path: '/api/{env}/tasks',
        query: { status: `in:${status}`, limit: COUNT_WITHOUT_TOTAL },
        signal,
        schema: (a) => a.anyList,
      })
      return dataOrThrow(all).length
    },
  })
