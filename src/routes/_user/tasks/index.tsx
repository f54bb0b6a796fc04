import { createFileRoute } from '@tanstack/react-router'
import { TASKS, tasksQuery } from '../../../api/tasks'
import { TasksScreen } from '../../../features/tasks/tasks-screen'
import { pageSearch } from '../../../ui/list/pagination'

const SORT = /^(updatedAt|createdAt|name|status):(asc|desc)$/
const STATUS = /^(stopped|running|error|warning)(,(stopped|running|error|warning))*$/
const text = (value: unknown, pattern?: RegExp) =>
  typeof value === 'string' && value !== '' && (!pattern || pattern.test(value)) ? value : undefined

interface TasksSearch {
  page?: number
  limit?: number
  sort?: string
  status?: string
  q?: string
}

export const Route = createFileRoute('/_user/tasks/')({
  validateSearch: (raw: Record<string, unknown>): TasksSearch => ({
    ...pageSearch(TASKS)(raw),
    sort: text(raw.sort, SORT),
    status: text(raw.status, STATUS),
    q: text(raw.q)?.slice(0, 200),
  }),
  loaderDeps: ({ search }) => ({
    page: search.page ?? 1,
    limit: search.limit ?? 10,
    sort: search.sort ?? 'updatedAt:desc',
    status: search.status,
    q: search.q,
  }),
  // Fill the cache without waiting: offline the cached list shows at once.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(tasksQuery(deps))
  },
  component: TasksScreen,
})
