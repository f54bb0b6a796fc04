import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../ui/page-header'

export const Route = createFileRoute('/_user/monitoring')({
  component: MonitoringScreen,
})

function MonitoringScreen() {
  return <PageHeader title={<FormattedMessage id="page.monitoring" defaultMessage="Monitoring" />} />
}
