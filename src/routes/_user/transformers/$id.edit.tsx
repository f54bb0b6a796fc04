import { createFileRoute } from '@tanstack/react-router'
import { catalogItemQuery } from '../../../api/catalog'
import { FILE_KINDS } from '../../../api/product-files'
import { CatalogEditScreen } from '../../../features/catalog/catalog-edit-screen'
import { ProductFiles } from '../../../features/product-files/product-files'
import { loadEntity } from '../../../shell/load-entity'

export const Route = createFileRoute('/_user/transformers/$id/edit')({
  loader: ({ context, params }) => loadEntity(context.queryClient, params.id, catalogItemQuery(params.id)),
  component: EditRoute,
})

function EditRoute() {
  const { id } = Route.useParams()
  return (
    <CatalogEditScreen
      list="transformers"
      id={id}
      panels={{ files: <ProductFiles productId={id} kinds={FILE_KINDS} /> }}
    />
  )
}
