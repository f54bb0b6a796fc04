import { createFileRoute } from '@tanstack/react-router'
import { catalogItemQuery } from '../../../api/catalog'
import { CatalogEditScreen } from '../../../features/catalog/catalog-edit-screen'
import { isLocalId } from '../../../offline/outbox'
import { statusOf } from '../../../shell/error-pages'

export const Route = createFileRoute('/_user/connectors/$id/edit')({
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
  return <CatalogEditScreen list="connectors" id={id} />
}
