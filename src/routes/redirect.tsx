import { createFileRoute } from '@tanstack/react-router'
import { RedirectScreen } from '../features/auth/redirect-screen'

export const Route = createFileRoute('/redirect')({
  component: RedirectScreen,
})
