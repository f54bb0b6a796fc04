import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { lastErrorsQuery, organizationStatsQuery, statsQuery } from '../../api/monitoring'
// The ranges without the monitoring API: the route's search rules load with every first screen.
import { DEFAULT_RANGE, isRange, type Range, STATS_FIRST_LIMIT } from '../../contract/first-limits'
import { MonitoringScreen } from '../../features/monitoring/monitoring-screen'

const count = (v: unknown) => {
  const n = Number(v)
  return Number.isInteger(n) && n > STATS_FIRST_LIMIT && n <= 100 ? n : undefined
}

export const Route = createFileRoute('/_user/monitoring')({
  staticData: {
    menu: {
      label: defineMessage({ id: 'menu.monitoring', defaultMessage: 'Monitoring' }),
      icon: 'monitoring',
      order: 60,
    },
  },
  validateSearch: (raw: Record<string, unknown>): { range?: Range; orgs?: number; errors?: number } => ({
    range: isRange(raw.range) && raw.range !== DEFAULT_RANGE ? raw.range : undefined,
    orgs: count(raw.orgs),
    errors: count(raw.errors),
  }),
  loaderDeps: ({ search }) => search,
  // Fill the cache without waiting: offline the cached figures show at once.
  loader: ({ context, deps }) => {
    const range = deps.range ?? DEFAULT_RANGE
    void context.queryClient.prefetchQuery(statsQuery(range))
    void context.queryClient.prefetchQuery(organizationStatsQuery(range, deps.orgs ?? STATS_FIRST_LIMIT))
    void context.queryClient.prefetchQuery(lastErrorsQuery(deps.errors ?? STATS_FIRST_LIMIT))
  },
  component: MonitoringScreen,
})
