import { createFileRoute } from '@tanstack/react-router'
import { ProductDetailScreen } from '../../features/catalog/product-detail-screen'

export const Route = createFileRoute('/products/$id')({
  component: ProductRoute,
})

/** Panels (contracts, credentials) are filled here by the commerce area: see `catalog-panels.ts`. */
function ProductRoute() {
  const { id } = Route.useParams()
  return <ProductDetailScreen id={id} />
}
