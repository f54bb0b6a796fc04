import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/data-formats/{-$id}/edit')({
  component: DataformateditScreen,
})

function DataformateditScreen() {
  return (
    <PageHeader title={<FormattedMessage id="page.dataFormatEdit" defaultMessage="Edit data format" />} />
  )
}
