import { createFileRoute } from '@tanstack/react-router'
import { TaskEditScreen } from '../../../features/tasks/task-edit-screen'
import { runsSearch } from '../../../features/tasks/tasks-search'

export const Route = createFileRoute('/_user/tasks/$id/edit')({
  // The run history's page: a reload or a shared address shows the same runs.
  validateSearch: runsSearch,
  component: TaskEditRoute,
})

function TaskEditRoute() {
  const { id } = Route.useParams()
  return <TaskEditScreen id={id} />
}
