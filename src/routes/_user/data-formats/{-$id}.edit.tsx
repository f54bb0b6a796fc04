import { createFileRoute } from '@tanstack/react-router'
import { DataFormatEditScreen } from '../../../features/data-formats/data-format-edit-screen'

export const Route = createFileRoute('/_user/data-formats/{-$id}/edit')({
  component: DataFormatEditRoute,
})

function DataFormatEditRoute() {
  const { id } = Route.useParams()
  return <DataFormatEditScreen id={id} />
}
