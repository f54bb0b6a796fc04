import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/connectors/create')({
  component: ConnectorcreateScreen,
})

function ConnectorcreateScreen() {
  return <PageHeader title={<FormattedMessage id="page.connectorCreate" defaultMessage="New connector" />} />
}
