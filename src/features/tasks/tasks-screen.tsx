import { getRouteApi, Link } from '@tanstack/react-router'
import { FormattedDate, FormattedMessage } from 'react-intl'
import { TASKS, type Task, tasks } from '../../api/tasks'
import { readTime } from '../../contract/reading'
import type { WithPending } from '../../outbox/pending'
import type { Column, SortState } from '../../ui/data-table'
import { FilterDisclosure } from '../../ui/filter-disclosure'
import { EditLink } from '../../ui/row-actions'
import { addressPages, ListScreen } from '../resource/list-screen'
import { useList } from '../resource/use-entity'
import { TaskScheduleState } from './task-schedule-state'
import { TaskScheduleSummary } from './task-schedule-summary'
import { RunOutcomeBadge, TaskStatusBadge } from './task-status-badge'
import { TasksFilters } from './tasks-filters'

const route = getRouteApi('/_user/tasks/')
export function TasksScreen() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const { page, limit } = search
  const sort = search.sort ?? 'updatedAt:desc'
  const { query, items } = useList(tasks, { page, limit, sort, status: search.status, q: search.q })

  return (
    <ListScreen
      title={<FormattedMessage id="page.tasks" defaultMessage="Tasks" />}
      create={{
        type: 'tasks',
        to: '/tasks/create',
        label: <FormattedMessage id="tasks.create" defaultMessage="New task" />,
      }}
      filters={
        <FilterDisclosure
          active={
            (search.q ? 1 : 0) +
            (search.status ? search.status.split(',').length : 0) +
            (sort !== 'updatedAt:desc' ? 1 : 0)
          }
        >
          <TasksFilters
            value={{ sort, status: search.status, q: search.q }}
            onChange={(next) => void navigate({ search: (latest) => ({ ...latest, ...next, page: 1 }) })}
          />
        </FilterDisclosure>
      }
      query={query}
      pages={addressPages(TASKS, search, navigate)}
      columns={columns}
      rows={items}
      rowTestId="task-row"
      sort={sortState(sort)}
      onSort={(next) =>
        void navigate({
          search: (latest) => ({ ...latest, sort: `${next.sortBy}:${next.sortOrder}`, page: 1 }),
        })
      }
      actions={(row) =>
        row.pending !== 'create' &&
        row.pending !== 'delete' && <EditLink to="/tasks/$id/edit" params={{ id: row.id }} name={row.name} />
      }
    />
  )
}

const sortState = (sort: string): SortState => {
  const [sortBy = 'updatedAt', order] = sort.split(':')
  return { sortBy, sortOrder: order === 'asc' ? 'asc' : 'desc' }
}

const columns: Column<WithPending<Task>>[] = [
  {
    id: 'name',
    sortField: 'name',
    header: <FormattedMessage id="task.name" defaultMessage="Name" />,
    // Room for a word of a name beside the status on a phone: a word breaks only when longer.
    className: 'min-w-[7rem] [overflow-wrap:anywhere]',
    pendingBadge: true,
    cell: (row) => (
      <>
        {row.pending === 'create' ? (
          <span className="font-medium">{row.name}</span>
        ) : (
          <Link to="/tasks/$id" params={{ id: row.id }} className="font-medium text-primary-800 underline">
            {row.name}
          </Link>
        )}
        {row.code && <div className="font-mono text-xs text-gray-600">{row.code}</div>}
      </>
    ),
  },
  {
    id: 'status',
    sortField: 'status',
    header: <FormattedMessage id="task.status" defaultMessage="Status" />,
    cell: (row) => (
      <>
        <TaskStatusBadge status={row.status ?? 'stopped'} />
        <div>
          <TaskScheduleState task={row} />
        </div>
        {/* Narrow screens hide the last-run column: its outcome stays visible here. */}
        {row.lastRun && (
          <div className="mt-1 text-xs text-gray-700 lg:hidden">
            <FormattedMessage id="task.lastRun" defaultMessage="Last run" />:{' '}
            <RunOutcomeBadge outcome={row.lastRun.outcome} />
          </div>
        )}
      </>
    ),
  },
  {
    id: 'schedule',
    priority: 'md',
    header: <FormattedMessage id="task.schedule" defaultMessage="Schedule" />,
    cell: (row) => <TaskScheduleSummary task={row} />,
  },
  {
    id: 'lastRun',
    priority: 'lg',
    header: <FormattedMessage id="task.lastRun" defaultMessage="Last run" />,
    cell: (row) =>
      row.lastRun ? (
        <div>
          <FormattedDate value={readTime(row.lastRun.at)} dateStyle="short" timeStyle="short" />{' '}
          <RunOutcomeBadge outcome={row.lastRun.outcome} />
          <div className="max-w-xs truncate text-xs text-gray-700">{row.lastRun.result}</div>
        </div>
      ) : (
        <span className="text-gray-600">
          <FormattedMessage id="task.neverRun" defaultMessage="Not run yet" />
        </span>
      ),
  },
]
