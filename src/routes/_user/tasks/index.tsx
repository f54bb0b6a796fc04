import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/tasks/')({
  component: TasksScreen,
})

function TasksScreen() {
  return <PageHeader title={<FormattedMessage id="page.tasks" defaultMessage="Tasks" />} />
}
