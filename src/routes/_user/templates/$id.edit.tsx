import { createFileRoute } from '@tanstack/react-router'
import { catalogItemQuery } from '../../../api/catalog'
import { CatalogEditScreen } from '../../../features/catalog/catalog-edit-screen'
import { loadEntity } from '../../../shell/load-entity'

export const Route = createFileRoute('/_user/templates/$id/edit')({
  loader: ({ context, params }) => loadEntity(context.queryClient, params.id, catalogItemQuery(params.id)),
  component: EditRoute,
})

function EditRoute() {
  const { id } = Route.useParams()
  return <CatalogEditScreen list="templates" id={id} />
}
