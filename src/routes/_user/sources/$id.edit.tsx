import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { SourceTaskMeta } from '../../../features/source-parts/source-task-meta'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/sources/$id/edit')({
  component: SourceeditScreen,
})

function SourceeditScreen() {
  const { id } = Route.useParams()
  return (
    <div className="space-y-4">
      <PageHeader title={<FormattedMessage id="page.sourceEdit" defaultMessage="Edit data source" />} />
      <SourceTaskMeta sourceId={id} />
    </div>
  )
}
