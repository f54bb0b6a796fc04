import { createFileRoute, redirect } from '@tanstack/react-router'
import { getSession } from '../auth/session'
import { LoginScreen } from '../features/auth/login-screen'

/** `?failed=1` when the provider refused the sign-in. */
const search = (raw: Record<string, unknown>): { failed?: number } =>
  Number(raw.failed) === 1 ? { failed: 1 } : {}

export const Route = createFileRoute('/login')({
  validateSearch: search,
  beforeLoad: () => {
    if (getSession()) throw redirect({ to: '/' })
  },
  component: LoginRoute,
})

function LoginRoute() {
  const { failed } = Route.useSearch()
  return <LoginScreen failed={failed === 1} />
}
