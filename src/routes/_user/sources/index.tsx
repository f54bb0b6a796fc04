import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/sources/')({
  component: SourcesScreen,
})

function SourcesScreen() {
  return <PageHeader title={<FormattedMessage id="page.sources" defaultMessage="Data Sources" />} />
}
