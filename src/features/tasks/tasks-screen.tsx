import { getRouteApi, Link } from '@tanstack/react-router'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { TASKS, type Task, tasks } from '../../api/tasks'
import { IfPermitted } from '../../auth/permitted'
import type { WithPending } from '../../offline/outbox'
import { PAGE_SIZES } from '../../offline/pagination'
import { useKeptPage } from '../../offline/use-kept-page'
import { FetchedAt } from '../../ui/fetched-at'
import { FilterDisclosure } from '../../ui/filter-disclosure'
import { PageHeader } from '../../ui/page-header'
import { Pagination } from '../../ui/pagination'
import { PendingBadge } from '../../ui/pending-badge'
import { QueryState } from '../../ui/query-state'
import { useList } from '../resource/use-entity'
import { TaskScheduleSummary } from './task-schedule-summary'
import { RunOutcomeBadge, TaskStatusBadge } from './task-status-badge'
import { TasksFilters } from './tasks-filters'

const route = getRouteApi('/_user/tasks/')
const linkButton =
  'inline-flex items-center rounded-md bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800'

export function TasksScreen() {
  const intl = useIntl()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const page = search.page ?? 1
  const limit = search.limit ?? 10
  const sort = search.sort ?? 'updatedAt:desc'
  const { query, items: rows } = useList(tasks, { page, limit, sort, status: search.status, q: search.q })

  useKeptPage(TASKS, { page, limit, totalCount: query.data?.totalCount }, (last) => {
    void navigate({ search: { ...search, page: last }, replace: true })
  })

  return (
    <div>
      <PageHeader
        title={<FormattedMessage id="page.tasks" defaultMessage="Tasks" />}
        actions={
          <IfPermitted check={{ type: 'tasks', actions: 'create' }}>
            <Link to="/tasks/create" className={linkButton}>
              <FormattedMessage id="tasks.create" defaultMessage="New task" />
            </Link>
          </IfPermitted>
        }
      />
      <FilterDisclosure
        active={
          (search.q ? 1 : 0) +
          (search.status ? search.status.split(',').length : 0) +
          (sort !== 'updatedAt:desc' ? 1 : 0)
        }
      >
        <TasksFilters
          value={{ sort, status: search.status, q: search.q }}
          onChange={(next) => void navigate({ search: { ...search, ...next, page: 1 } })}
        />
      </FilterDisclosure>
      <div className="mb-2">
        <FetchedAt
          updatedAt={query.dataUpdatedAt}
          fetching={query.isFetching}
          failed={query.isError}
          onRetry={() => void query.refetch()}
        />
      </div>
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {intl.formatMessage({ id: 'page.tasks', defaultMessage: 'Tasks' })}
          </caption>
          <thead className="border-b bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="px-4 py-3">
                <FormattedMessage id="task.name" defaultMessage="Name" />
              </th>
              <th scope="col" className="px-4 py-3">
                <FormattedMessage id="task.status" defaultMessage="Status" />
              </th>
              <th scope="col" className="hidden px-4 py-3 md:table-cell">
                <FormattedMessage id="task.schedule" defaultMessage="Schedule" />
              </th>
              <th scope="col" className="hidden px-4 py-3 lg:table-cell">
                <FormattedMessage id="task.lastRun" defaultMessage="Last run" />
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">
                  <FormattedMessage id="common.actions" defaultMessage="Actions" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-2">
                  <QueryState query={query} empty />
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <TaskRow key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={page}
        limit={limit}
        totalCount={query.data?.totalCount}
        sizes={PAGE_SIZES}
        onChange={(next) => void navigate({ search: { ...search, ...next } })}
      />
    </div>
  )
}

function TaskRow({ row }: { row: WithPending<Task> }) {
  const local = row.pending === 'create'
  return (
    <tr
      className={`border-b last:border-0 ${row.pending === 'delete' ? 'text-gray-500 line-through' : ''}`}
      data-testid="task-row"
    >
      <td className="px-4 py-3">
        {local ? (
          <span className="font-medium">{row.name}</span>
        ) : (
          <Link to="/tasks/$id" params={{ id: row.id }} className="font-medium text-primary-800 underline">
            {row.name}
          </Link>
        )}
        {row.code && <div className="font-mono text-xs text-gray-600">{row.code}</div>}
        <PendingBadge status={row.pendingStatus} />
      </td>
      <td className="px-4 py-3">
        <TaskStatusBadge status={row.status ?? 'stopped'} />
        {/* Narrow screens hide the last-run column: its outcome stays visible here. */}
        {row.lastRun && (
          <div className="mt-1 text-xs text-gray-700 lg:hidden">
            <FormattedMessage id="task.lastRun" defaultMessage="Last run" />:{' '}
            <RunOutcomeBadge outcome={row.lastRun.outcome} />
          </div>
        )}
      </td>
      <td className="hidden px-4 py-3 md:table-cell">
        <TaskScheduleSummary task={row} />
      </td>
      <td className="hidden px-4 py-3 lg:table-cell">
        {row.lastRun ? (
          <div>
            <FormattedDate value={row.lastRun.at} dateStyle="short" timeStyle="short" />{' '}
            <RunOutcomeBadge outcome={row.lastRun.outcome} />
            <div className="max-w-xs truncate text-xs text-gray-700">{row.lastRun.result}</div>
          </div>
        ) : (
          <span className="text-gray-600">
            <FormattedMessage id="task.neverRun" defaultMessage="Not run yet" />
          </span>
        )}
      </td>
      <td className="px-4 py-3 text-right whitespace-nowrap">
        {!local && row.pending !== 'delete' && (
          <Link
            to="/tasks/$id/edit"
            params={{ id: row.id }}
            className="rounded px-2 py-1 text-primary-800 underline hover:bg-primary-50"
          >
            <FormattedMessage id="common.edit" defaultMessage="Edit" />
            <span className="sr-only"> {row.name}</span>
          </Link>
        )}
      </td>
    </tr>
  )
}
