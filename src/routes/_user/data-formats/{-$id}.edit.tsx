import { createFileRoute } from '@tanstack/react-router'
import { dataFormatQuery } from '../../../api/data-formats'
import { DataFormatEditScreen } from '../../../features/data-formats/data-format-edit-screen'
import { isLocalId } from '../../../offline/outbox'
import { statusOf } from '../../../shell/error-pages'

const ANSWER_WAIT_MS = 2000

export const Route = createFileRoute('/_user/data-formats/{-$id}/edit')({
  loader: async ({ context, params }) => {
    if (!params.id || isLocalId(params.id)) return
    const answer = context.queryClient.ensureQueryData(dataFormatQuery(params.id)).then(
      () => undefined,
      (error: unknown) => error,
    )
    // No answer yet (offline or an unreachable platform pause the query): the screen shows its own
    // wait rather than a blank page. The platform said no (unknown id, refused): the error page.
    const error = await Promise.race([answer, new Promise<undefined>((r) => setTimeout(r, ANSWER_WAIT_MS))])
    const status = statusOf(error)
    if (status !== undefined && status < 500) throw error
  },
  component: DataFormatEditRoute,
})

function DataFormatEditRoute() {
  const { id } = Route.useParams()
  return <DataFormatEditScreen id={id} />
}
