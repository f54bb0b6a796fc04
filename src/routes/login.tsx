import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../ui/page-header'

export const Route = createFileRoute('/login')({
  component: LoginScreen,
})

function LoginScreen() {
  return <PageHeader title={<FormattedMessage id="page.login" defaultMessage="Login" />} />
}
