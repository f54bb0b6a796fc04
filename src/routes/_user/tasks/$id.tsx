import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/tasks/$id')({
  component: TaskScreen,
})

function TaskScreen() {
  return <PageHeader title={<FormattedMessage id="page.task" defaultMessage="Task" />} />
}
