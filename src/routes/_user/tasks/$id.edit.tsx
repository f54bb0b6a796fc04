import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/tasks/$id/edit')({
  component: TaskeditScreen,
})

function TaskeditScreen() {
  return <PageHeader title={<FormattedMessage id="page.taskEdit" defaultMessage="Edit task" />} />
}
