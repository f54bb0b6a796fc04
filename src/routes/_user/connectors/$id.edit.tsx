import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/connectors/$id/edit')({
  component: ConnectoreditScreen,
})

function ConnectoreditScreen() {
  return <PageHeader title={<FormattedMessage id="page.connectorEdit" defaultMessage="Edit connector" />} />
}
