import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/data-formats/')({
  component: DataformatsScreen,
})

function DataformatsScreen() {
  return <PageHeader title={<FormattedMessage id="page.dataFormats" defaultMessage="Data Formats" />} />
}
