import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../ui/page-header'

export const Route = createFileRoute('/_user/')({
  component: HomeScreen,
})

function HomeScreen() {
  return <PageHeader title={<FormattedMessage id="page.home" defaultMessage="Home" />} />
}
