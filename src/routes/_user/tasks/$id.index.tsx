import { createFileRoute } from '@tanstack/react-router'
import { TaskScreen } from '../../../features/tasks/task-screen'

export const Route = createFileRoute('/_user/tasks/$id/')({
  component: TaskRoute,
})

function TaskRoute() {
  const { id } = Route.useParams()
  return <TaskScreen id={id} />
}
