import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/transformers/create')({
  component: TransformercreateScreen,
})

function TransformercreateScreen() {
  return (
    <PageHeader title={<FormattedMessage id="page.transformerCreate" defaultMessage="New transformer" />} />
  )
}
