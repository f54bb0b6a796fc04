import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/transformers/')({
  component: TransformersScreen,
})

function TransformersScreen() {
  return <PageHeader title={<FormattedMessage id="page.transformers" defaultMessage="Transformers" />} />
}
