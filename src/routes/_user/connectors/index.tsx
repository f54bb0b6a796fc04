import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/connectors/')({
  component: ConnectorsScreen,
})

function ConnectorsScreen() {
  return <PageHeader title={<FormattedMessage id="page.connectors" defaultMessage="Connectors" />} />
}
