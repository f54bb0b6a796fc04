import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../ui/page-header'

export const Route = createFileRoute('/_user/events')({
  component: EventsScreen,
})

function EventsScreen() {
  return <PageHeader title={<FormattedMessage id="page.events" defaultMessage="Events" />} />
}
