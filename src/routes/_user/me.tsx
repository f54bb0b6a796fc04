import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../ui/page-header'

export const Route = createFileRoute('/_user/me')({
  component: ProfileScreen,
})

function ProfileScreen() {
  return <PageHeader title={<FormattedMessage id="page.profile" defaultMessage="Profile" />} />
}
