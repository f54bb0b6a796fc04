import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { tasksQuery } from '../../../api/tasks'
import { TasksScreen } from '../../../features/tasks/tasks-screen'
import { tasksSearch } from '../../../features/tasks/tasks-search'

export const Route = createFileRoute('/_user/tasks/')({
  staticData: {
    menu: { label: defineMessage({ id: 'menu.tasks', defaultMessage: 'Tasks' }), icon: 'tasks', order: 10 },
  },
  validateSearch: tasksSearch,
  loaderDeps: ({ search }) => ({
    page: search.page,
    limit: search.limit,
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
