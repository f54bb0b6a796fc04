import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/templates/')({
  component: TemplatesScreen,
})

function TemplatesScreen() {
  return <PageHeader title={<FormattedMessage id="page.templates" defaultMessage="Templates" />} />
}
