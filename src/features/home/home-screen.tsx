import { useQueries } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { defineMessages, FormattedMessage, FormattedNumber, useIntl } from 'react-intl'
import { TASK_STATUSES, type TaskStatus, taskCountQuery } from '../../api/monitoring'
import { useSession } from '../../core/session'
import { LazyErrorNotice as ErrorNotice } from '../../ui/error-notice-lazy'
import { FetchedAt } from '../../ui/fetched-at'
import { PageHeader } from '../../ui/page-header'
import { FIGURE_GAP_TEXT, figureGap } from '../../ui/query-state'

const statusLabels = defineMessages<TaskStatus>({
  running: { id: 'home.tasks.running', defaultMessage: 'Running' },
  error: { id: 'home.tasks.error', defaultMessage: 'Error' },
  warning: { id: 'home.tasks.warning', defaultMessage: 'Warning' },
  stopped: { id: 'home.tasks.stopped', defaultMessage: 'Stopped' },
})
const tones: Record<TaskStatus, string> = {
  running: 'border-green-600',
  error: 'border-red-700',
  warning: 'border-amber-500',
  stopped: 'border-gray-400',
}
const card = 'rounded-lg bg-white p-4 shadow-sm'

/**
 * The signed-in operator's start: what happened since the last look and the last errors (both given by
 * the route; the first also counts the changes waiting to be sent), tasks by status.
 */
export function HomeScreen({ lastErrors, since }: { lastErrors: ReactNode; since?: ReactNode }) {
  const intl = useIntl()
  const session = useSession()
  const counts = useQueries({ queries: TASK_STATUSES.map((status) => taskCountQuery(status)) })
  const name = session?.user.firstName ?? session?.user.email
  const failedCount = counts.find((c) => c.isError && c.data === undefined)
  return (
    <div className="space-y-4">
      <PageHeader
        title={<FormattedMessage id="home.title" defaultMessage="Welcome, {name}" values={{ name }} />}
        status={
          <FetchedAt
            updatedAt={Math.min(...counts.map((c) => c.dataUpdatedAt))}
            fetching={counts.some((c) => c.isFetching)}
            failed={counts.some((c) => c.isError)}
            onRetry={() => {
              for (const count of counts) void count.refetch()
            }}
          />
        }
      />
      {since}
      <section aria-labelledby="home-tasks" className={card}>
        <div className="mb-3 flex items-center gap-2">
          <h2 id="home-tasks" className="flex-auto text-lg font-semibold text-gray-900">
            <FormattedMessage id="home.tasks" defaultMessage="Tasks by status" />
          </h2>
          <Link to="/tasks" className="text-sm text-primary-800 underline">
            <FormattedMessage id="home.allTasks" defaultMessage="All tasks" />
          </Link>
        </div>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {TASK_STATUSES.map((status, i) => (
            <li key={status}>
              <Link
                to="/tasks"
                search={{ status }}
                className={`block rounded-md border-l-4 bg-gray-50 px-3 py-2 hover:bg-primary-50 ${tones[status]}`}
              >
                <span className="block text-sm text-gray-700">
                  {intl.formatMessage(statusLabels[status])}
                </span>
                <span className="block text-2xl font-semibold text-gray-900" data-testid={`tasks-${status}`}>
                  <TaskCount count={counts[i]} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {failedCount && (
          <div className="mt-3">
            <ErrorNotice
              error={failedCount.error}
              onRetry={() => {
                for (const count of counts) if (count.isError) void count.refetch()
              }}
            />
          </div>
        )}
      </section>
      {lastErrors}
      <nav aria-labelledby="home-links" className={card}>
        <h2 id="home-links" className="mb-2 text-lg font-semibold text-gray-900">
          <FormattedMessage id="home.links" defaultMessage="Go to" />
        </h2>
        <ul className="flex flex-wrap gap-2 text-sm">
          <HomeLink to="/events" label={<FormattedMessage id="page.events" defaultMessage="Events" />} />
          <HomeLink
            to="/monitoring"
            label={<FormattedMessage id="page.monitoring" defaultMessage="Monitoring" />}
          />
          <HomeLink
            to="/products"
            label={<FormattedMessage id="home.products" defaultMessage="Data Products" />}
          />
          <HomeLink
            to="/data-formats"
            label={<FormattedMessage id="page.dataFormats" defaultMessage="Data Formats" />}
          />
          <HomeLink to="/me" label={<FormattedMessage id="page.profile" defaultMessage="Profile" />} />
        </ul>
      </nav>
    </div>
  )
}

/**
 * A count, or what stands for it: a dash that says why when it failed or when it waits for a
 * connection with nothing saved (never a loading mark for good), a loading mark while asked.
 */
function TaskCount({
  count,
}: {
  count:
    | { data?: number; isError: boolean; error: unknown; fetchStatus: 'fetching' | 'paused' | 'idle' }
    | undefined
}) {
  const intl = useIntl()
  if (count?.data !== undefined) return <FormattedNumber value={count.data} />
  const gap = figureGap(count)
  if (gap !== 'loading') {
    const why = intl.formatMessage(FIGURE_GAP_TEXT[gap])
    return (
      <span title={why}>
        <span aria-hidden="true">–</span>
        <span className="sr-only">{why}</span>
      </span>
    )
  }
  return (
    <span role="status">
      <span aria-hidden="true">…</span>
      <span className="sr-only">
        <FormattedMessage id="common.loading" defaultMessage="Loading…" />
      </span>
    </span>
  )
}

function HomeLink({
  to,
  label,
}: {
  to: '/events' | '/monitoring' | '/products' | '/data-formats' | '/me'
  label: ReactNode
}) {
  return (
    <li>
      <Link
        to={to}
        className="inline-block rounded-md border border-primary-300 px-3 py-1.5 text-primary-800 hover:bg-primary-50"
      >
        {label}
      </Link>
    </li>
  )
}
