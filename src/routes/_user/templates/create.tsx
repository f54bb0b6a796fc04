import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/templates/create')({
  component: TemplatecreateScreen,
})

function TemplatecreateScreen() {
  return <PageHeader title={<FormattedMessage id="page.templateCreate" defaultMessage="New template" />} />
}
