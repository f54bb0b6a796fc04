import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../ui/page-header'

export const Route = createFileRoute('/redirect')({
  component: RedirectScreen,
})

function RedirectScreen() {
  return <PageHeader title={<FormattedMessage id="page.redirect" defaultMessage="Signing in" />} />
}
