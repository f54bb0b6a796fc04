import { createFileRoute } from '@tanstack/react-router'
import { SinceScreen } from '../../features/since/since-screen'

export const Route = createFileRoute('/_user/since')({
  component: SinceScreen,
})
