import { createFileRoute } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { PageHeader } from '../../../ui/page-header'

export const Route = createFileRoute('/_user/transformers/$id/edit')({
  component: TransformereditScreen,
})

function TransformereditScreen() {
  return (
    <PageHeader title={<FormattedMessage id="page.transformerEdit" defaultMessage="Edit transformer" />} />
  )
}
