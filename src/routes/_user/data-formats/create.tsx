import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/data-formats/create')({
  component: DataformatcreateScreen,
})

function DataformatcreateScreen() {
  return (
    <PageHeader title={<FormattedMessage id="page.dataFormatCreate" defaultMessage="New data format" />} />
  )
}
