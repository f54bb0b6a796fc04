import { createFileRoute } from '@tanstack/react-router'
import { TaskScreen } from '../../../features/tasks/task-screen'
import { runsSearch } from '../../../features/tasks/tasks-search'

export const Route = createFileRoute('/_user/tasks/$id/')({
  // The run history's page: a reload or a shared address shows the same runs.
  validateSearch: runsSearch,
  component: TaskRoute,
})

function TaskRoute() {
  const { id } = Route.useParams()
  return <TaskScreen id={id} />
}
