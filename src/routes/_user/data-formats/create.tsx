import { createFileRoute } from '@tanstack/react-router'
import { DataFormatEditScreen } from '../../../features/data-formats/data-format-edit-screen'

export const Route = createFileRoute('/_user/data-formats/create')({
  component: () => <DataFormatEditScreen />,
})
