import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/products/create')({
  component: ProductcreateScreen,
})

function ProductcreateScreen() {
  return <PageHeader title={<FormattedMessage id="page.productCreate" defaultMessage="New data product" />} />
}
