import { createFileRoute } from '@tanstack/react-router'
import { TaskEditScreen } from '../../../features/tasks/task-edit-screen'

export const Route = createFileRoute('/_user/tasks/create')({
  component: () => <TaskEditScreen />,
})
