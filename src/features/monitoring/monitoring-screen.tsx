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
import { drawable, readName, readNumber, readStatsRow } from '../../contract/reading'
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
    const rows: unknown[] = stats.data ?? []
    // Rows without a moment or a count cannot go on a time axis: the card says so instead of NaN.
    const buckets = drawable(rows) ? rows.map(readStatsRow) : []
    const times = buckets.map((b) => Date.parse(b.at ?? ''))
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
          { label: requestsLabel, color: REQUESTS, values: buckets.map((b) => b.count ?? 0) },
          // Errors the platform did not count are left out, not drawn as none.
          ...(buckets.every((b) => b.errors !== undefined)
            ? [{ label: errorsLabel, color: ERRORS, values: buckets.map((b) => b.errors ?? 0) }]
            : []),
        ],
      },
      undrawable: rows.length > 0 && buckets.length === 0 ? rows[0] : undefined,
    }
  }, [stats.data, hourly, intl, requestsLabel, errorsLabel])

  const companies = useMemo(() => {
    const rows = (orgs.data ?? []).map((o) => ({
      name: readName(o.organizationName ?? o.organizationId),
      count: readNumber(o.count),
      errors: readNumber(o.errors),
    }))
    const names = rows.map((o) => o.name)
    return {
      rowLabels: names,
      chart: {
        x: rows.map((_, i) => i),
        xLabel: intl.formatMessage({ id: 'monitoring.company', defaultMessage: 'Company' }),
        categories: names,
        series: [
          { label: requestsLabel, color: REQUESTS, values: rows.map((o) => o.count ?? 0) },
          ...(rows.every((o) => o.errors !== undefined)
            ? [{ label: errorsLabel, color: ERRORS, values: rows.map((o) => o.errors ?? 0) }]
            : []),
        ],
      },
    }
  }, [orgs.data, intl, requestsLabel, errorsLabel])

  return (
    <div className="space-y-4">
      <PageHeader
        title={<FormattedMessage id="page.monitoring" defaultMessage="Monitoring" />}
        status={
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
        state={
          stats.data === undefined ? (
            <QueryState query={stats} empty={false} />
          ) : (
            requests.undrawable !== undefined && <CannotDraw row={requests.undrawable} />
          )
        }
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

/** Stats rows without a time or a count: the chart is not drawn, and the row that shows why is at hand. */
function CannotDraw({ row }: { row: unknown }) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p data-testid="chart-undrawable">
        <FormattedMessage
          id="monitoring.cannotDraw"
          defaultMessage="This chart cannot be drawn from this data: the platform's rows have no time (day or hour) or no count."
        />
      </p>
      <details className="mt-1 text-xs">
        <summary className="cursor-pointer">
          <FormattedMessage id="reading.raw" defaultMessage="What the platform sent" />
        </summary>
        <pre className="mt-1 overflow-auto whitespace-pre-wrap break-all">{JSON.stringify(row, null, 2)}</pre>
      </details>
    </div>
  )
}
