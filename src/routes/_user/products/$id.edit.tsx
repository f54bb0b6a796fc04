import { createFileRoute } from '@tanstack/react-router'
import { catalogItemQuery } from '../../../api/catalog'
import { CatalogEditScreen } from '../../../features/catalog/catalog-edit-screen'
import { ProductContracts } from '../../../features/contracts/product-contracts'
import { ProductCredentials } from '../../../features/contracts/product-credentials'
import { isLocalId } from '../../../offline/outbox'
import { statusOf } from '../../../shell/error-pages'

export const Route = createFileRoute('/_user/products/$id/edit')({
  loader: async ({ context, params }) => {
    if (isLocalId(params.id)) return
    try {
      await context.queryClient.ensureQueryData(catalogItemQuery(params.id))
    } catch (error) {
      // The platform said no (unknown id, refused): the error page. No answer: the screen waits for one.
      const status = statusOf(error)
      if (status !== undefined && status < 500) throw error
    }
  },
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
