import { createFileRoute } from '@tanstack/react-router'
import { catalogItemQuery } from '../../../api/catalog'
import { CatalogEditScreen } from '../../../features/catalog/catalog-edit-screen'
import { SourceTaskMeta } from '../../../features/source-parts/source-task-meta'
import { loadEntity } from '../../../shell/load-entity'

export const Route = createFileRoute('/_user/sources/$id/edit')({
  loader: ({ context, params }) => loadEntity(context.queryClient, params.id, catalogItemQuery(params.id)),
  component: EditRoute,
})

function EditRoute() {
  const { id } = Route.useParams()
  return <CatalogEditScreen list="sources" id={id} panels={{ taskMeta: <SourceTaskMeta sourceId={id} /> }} />
}
