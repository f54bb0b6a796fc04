import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { catalogItemQuery } from '../../api/catalog'
import { ProductDetailScreen } from '../../features/catalog/product-detail-screen'
import { ProductContracts } from '../../features/contracts/product-contracts'
import { ProductCredentials } from '../../features/contracts/product-credentials'
import { PurchaseButton } from '../../features/contracts/purchase-button'

export const Route = createFileRoute('/products/$id')({
  component: ProductRoute,
})

/** Panels (contracts with the purchase, credentials) come from the commerce area: see `catalog-panels.ts`. */
function ProductRoute() {
  const { id } = Route.useParams()
  const product = useQuery(catalogItemQuery(id))
  return (
    <ProductDetailScreen
      id={id}
      panels={{
        contracts: (
          <div className="space-y-3">
            <PurchaseButton product={{ id, name: product.data?.name }} />
            <ProductContracts productId={id} />
          </div>
        ),
        credentials: <ProductCredentials productId={id} />,
      }}
    />
  )
}
