import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/tasks/create')({
  component: TaskcreateScreen,
})

function TaskcreateScreen() {
  return <PageHeader title={<FormattedMessage id="page.taskCreate" defaultMessage="New task" />} />
}
