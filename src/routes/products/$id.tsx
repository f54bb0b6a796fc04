import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { productVersionQuery } from '../../api/product-parts'
import { useSession } from '../../auth/session'
import { ProductContracts } from '../../features/contracts/product-contracts'
import { ProductCredentials } from '../../features/contracts/product-credentials'
import { PurchaseButton } from '../../features/contracts/purchase-button'
import { PageHeader } from '../../ui/page-header'

export const Route = createFileRoute('/products/$id')({
  component: ProductScreen,
})

function ProductScreen() {
  const { id } = Route.useParams()
  const session = useSession()
  const product = useQuery({ ...productVersionQuery(id), enabled: session !== null })
  return (
    <div className="space-y-4">
      <PageHeader
        title={product.data?.name || <FormattedMessage id="page.product" defaultMessage="Data Product" />}
        actions={<PurchaseButton product={{ id, name: product.data?.name }} />}
      />
      <ProductContracts productId={id} />
      <ProductCredentials productId={id} />
    </div>
  )
}
