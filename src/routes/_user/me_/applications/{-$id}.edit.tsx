import { createFileRoute } from '@tanstack/react-router'
import { ApplicationEditScreen } from '../../../../features/applications/application-edit-screen'
import { applications } from '../../../../features/applications/applications-resource'
import { loadEntity } from '../../../../shell/load-entity'

export const Route = createFileRoute('/_user/me_/applications/{-$id}/edit')({
  loader: ({ context, params }) =>
    loadEntity(context.queryClient, params.id, applications.detailQuery(params.id ?? '')),
  component: ApplicationEditRoute,
})

function ApplicationEditRoute() {
  const { id } = Route.useParams()
  return <ApplicationEditScreen id={id} />
}
