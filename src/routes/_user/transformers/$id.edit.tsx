import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { FILE_KINDS } from '../../../api/product-files'
import { ProductFiles } from '../../../features/product-files/product-files'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/transformers/$id/edit')({
  component: TransformereditScreen,
})

function TransformereditScreen() {
  const { id } = Route.useParams()
  return (
    <div className="space-y-4">
      <PageHeader title={<FormattedMessage id="page.transformerEdit" defaultMessage="Edit transformer" />} />
      <ProductFiles productId={id} kinds={FILE_KINDS} />
    </div>
  )
}
