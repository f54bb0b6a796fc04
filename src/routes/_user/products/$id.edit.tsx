import { createFileRoute } from '@tanstack/react-router'
import { catalogItemQuery } from '../../../api/catalog'
import { CatalogEditScreen } from '../../../features/catalog/catalog-edit-screen'
import { ProductContracts } from '../../../features/contracts/product-contracts'
import { ProductCredentials } from '../../../features/contracts/product-credentials'
import { loadEntity } from '../../../shell/load-entity'

export const Route = createFileRoute('/_user/products/$id/edit')({
  loader: ({ context, params }) => loadEntity(context.queryClient, params.id, catalogItemQuery(params.id)),
  component: EditRoute,
})

function EditRoute() {
  const { id } = Route.useParams()
  return (
    <CatalogEditScreen
      list="products"
      id={id}
      panels={{
        contracts: <ProductContracts productId={id} />,
        credentials: <ProductCredentials productId={id} />,
      }}
    />
  )
}
