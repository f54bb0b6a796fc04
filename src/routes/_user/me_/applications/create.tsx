import { createFileRoute } from '@tanstack/react-router'
import { ApplicationEditScreen } from '../../../../features/applications/application-edit-screen'

export const Route = createFileRoute('/_user/me_/applications/create')({
  component: () => <ApplicationEditScreen />,
})
