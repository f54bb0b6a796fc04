import { createFileRoute } from '@tanstack/react-router'
import { dataFormatQuery } from '../../../api/data-formats'
import { DataFormatEditScreen } from '../../../features/data-formats/data-format-edit-screen'
import { loadEntity } from '../../../shell/load-entity'

export const Route = createFileRoute('/_user/data-formats/{-$id}/edit')({
  loader: ({ context, params }) =>
    loadEntity(context.queryClient, params.id, dataFormatQuery(params.id ?? '')),
  component: DataFormatEditRoute,
})

function DataFormatEditRoute() {
  const { id } = Route.useParams()
  return <DataFormatEditScreen id={id} />
}
