import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/products/$id/edit')({
  component: ProducteditScreen,
})

function ProducteditScreen() {
  return <PageHeader title={<FormattedMessage id="page.productEdit" defaultMessage="Edit data product" />} />
}
