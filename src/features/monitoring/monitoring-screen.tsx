import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useMemo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import {
  DEFAULT_RANGE,
  lastErrorsQuery,
  organizationStatsQuery,
  type Range,
  STATS_FIRST_LIMIT,
  statsQuery,
} from '../../api/monitoring'
import { Button } from '../../ui/button'
import { FetchedAt } from '../../ui/fetched-at'
import { PageHeader } from '../../ui/page-header'
import { QueryState } from '../../ui/query-state'
import { ChartCard } from './chart-card'
import { LastErrors } from './last-errors'
import { RangePicker } from './range-picker'

const route = getRouteApi('/_user/monitoring')
const REQUESTS = '#6d28d9'
const ERRORS = '#b91c1c'

export function MonitoringScreen() {
  const intl = useIntl()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const range: Range = search.range ?? DEFAULT_RANGE
  const orgLimit = search.orgs ?? STATS_FIRST_LIMIT
  const stats = useQuery(statsQuery(range))
  const orgs = useQuery(organizationStatsQuery(range, orgLimit))
  const errors = useQuery(lastErrorsQuery(search.errors ?? STATS_FIRST_LIMIT))
  const hourly = range.endsWith('h')
  const requestsLabel = intl.formatMessage({ id: 'monitoring.requests', defaultMessage: 'Requests' })
  const errorsLabel = intl.formatMessage({ id: 'monitoring.errors', defaultMessage: 'Errors (5xx answers)' })

  const requests = useMemo(() => {
    const buckets = stats.data ?? []
    const times = buckets.map((b) => Date.parse(b.hour ?? `${b.day}T00:00:00Z`))
    const format = (ms: number) =>
      hourly
        ? intl.formatDate(ms, { weekday: 'short', hour: '2-digit', minute: '2-digit' })
        : intl.formatDate(ms, { day: 'numeric', month: 'numeric', timeZone: 'UTC' })
    return {
      rowLabels: times.map(format),
      chart: {
        x: times.map((t) => t / 1000),
        xLabel: hourly
          ? intl.formatMessage({ id: 'monitoring.hour', defaultMessage: 'Hour' })
          : intl.formatMessage({ id: 'monitoring.day', defaultMessage: 'Day' }),
        formatX: (seconds: number) => format(seconds * 1000),
        formatTick: hourly
          ? (seconds: number) => intl.formatTime(seconds * 1000, { hour: '2-digit', minute: '2-digit' })
          : undefined,
        series: [
          { label: requestsLabel, color: REQUESTS, values: buckets.map((b) => b.count) },
          { label: errorsLabel, color: ERRORS, values: buckets.map((b) => b.errors) },
        ],
      },
    }
  }, [stats.data, hourly, intl, requestsLabel, errorsLabel])

  const companies = useMemo(() => {
    const rows = orgs.data ?? []
    const names = rows.map((o) => o.organizationName)
    return {
      rowLabels: names,
      chart: {
        x: rows.map((_, i) => i),
        xLabel: intl.formatMessage({ id: 'monitoring.company', defaultMessage: 'Company' }),
        categories: names,
        series: [
          { label: requestsLabel, color: REQUESTS, values: rows.map((o) => o.count) },
          { label: errorsLabel, color: ERRORS, values: rows.map((o) => o.errors) },
        ],
      },
    }
  }, [orgs.data, intl, requestsLabel, errorsLabel])

  return (
    <div className="space-y-4">
      <PageHeader
        title={<FormattedMessage id="page.monitoring" defaultMessage="Monitoring" />}
        actions={
          <FetchedAt
            updatedAt={stats.dataUpdatedAt}
            fetching={stats.isFetching}
            failed={stats.isError}
            onRetry={() => void stats.refetch()}
          />
        }
      />
      <RangePicker
        value={range}
        onChange={(next) => void navigate({ search: (s) => ({ ...s, range: next }) })}
      />
      <LastErrors
        query={errors}
        onMore={() =>
          void navigate({ search: (s) => ({ ...s, errors: (s.errors ?? STATS_FIRST_LIMIT) * 2 }) })
        }
      />
      <ChartCard
        testId="requests-chart"
        title={<FormattedMessage id="monitoring.requestsChart" defaultMessage="Requests" />}
        description={
          <FormattedMessage
            id="monitoring.requestsText"
            defaultMessage="Calls to the platform, per whole hour or day, the current one last. The console's own calls are not counted."
          />
        }
        xLabel={
          hourly ? (
            <FormattedMessage id="monitoring.hour" defaultMessage="Hour" />
          ) : (
            <FormattedMessage id="monitoring.day" defaultMessage="Day" />
          )
        }
        rowLabels={requests.rowLabels}
        chart={requests.chart}
        state={stats.data === undefined && <QueryState query={stats} empty={false} />}
      />
      <ChartCard
        testId="companies-chart"
        title={<FormattedMessage id="monitoring.byCompany" defaultMessage="Requests by company" />}
        xLabel={<FormattedMessage id="monitoring.company" defaultMessage="Company" />}
        rowLabels={companies.rowLabels}
        chart={companies.chart}
        state={orgs.data === undefined && <QueryState query={orgs} empty={false} />}
        actions={
          orgs.data && orgs.data.length >= orgLimit && orgLimit < 100 ? (
            <Button
              variant="ghost"
              className="px-2 py-1"
              onClick={() => void navigate({ search: (s) => ({ ...s, orgs: Math.min(100, orgLimit * 2) }) })}
            >
              <FormattedMessage id="monitoring.moreCompanies" defaultMessage="Show more companies" />
            </Button>
          ) : undefined
        }
      />
    </div>
  )
}
