import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/sources/$id/edit')({
  component: SourceeditScreen,
})

function SourceeditScreen() {
  return <PageHeader title={<FormattedMessage id="page.sourceEdit" defaultMessage="Edit data source" />} />
}
