import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/templates/$id/edit')({
  component: TemplateeditScreen,
})

function TemplateeditScreen() {
  return <PageHeader title={<FormattedMessage id="page.templateEdit" defaultMessage="Edit template" />} />
}
