import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/sources/create')({
  component: SourcecreateScreen,
})

function SourcecreateScreen() {
  return <PageHeader title={<FormattedMessage id="page.sourceCreate" defaultMessage="New data source" />} />
}
