import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../ui/page-header'

export const Route = createFileRoute('/products/$id')({
  component: ProductScreen,
})

function ProductScreen() {
  return <PageHeader title={<FormattedMessage id="page.product" defaultMessage="Data Product" />} />
}
