import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../ui/page-header'

export const Route = createFileRoute('/products/')({
  component: ProductsScreen,
})

function ProductsScreen() {
  return <PageHeader title={<FormattedMessage id="page.products" defaultMessage="Data Products" />} />
}
