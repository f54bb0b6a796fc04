import { createFileRoute } from '@tanstack/react-router'
import { dataFormatQuery } from '../../../api/data-formats'
import { DataFormatEditScreen } from '../../../features/data-formats/data-format-edit-screen'
import { isLocalId } from '../../../offline/outbox'
import { statusOf } from '../../../shell/error-pages'

export const Route = createFileRoute('/_user/data-formats/{-$id}/edit')({
  loader: async ({ context, params }) => {
    if (!params.id || isLocalId(params.id)) return
    try {
      await context.queryClient.ensureQueryData(dataFormatQuery(params.id))
    } catch (error) {
      // The platform said no (unknown id, refused): the error page. No answer: the screen waits for one.
      const status = statusOf(error)
      if (status !== undefined && status < 500) throw error
    }
  },
  component: DataFormatEditRoute,
})

function DataFormatEditRoute() {
  const { id } = Route.useParams()
  return <DataFormatEditScreen id={id} />
}
