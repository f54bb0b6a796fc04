import { createFileRoute } from '@tanstack/react-router'
import { TaskEditScreen } from '../../../features/tasks/task-edit-screen'

export const Route = createFileRoute('/_user/tasks/$id/edit')({
  component: TaskEditRoute,
})

function TaskEditRoute() {
  const { id } = Route.useParams()
  return <TaskEditScreen id={id} />
}
