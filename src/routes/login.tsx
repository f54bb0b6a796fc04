import { createFileRoute, redirect } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { getSession } from '../core/session'
import { LoginScreen } from '../features/auth/login-screen'

const REASONS = ['unreachable', 'issuer', 'insecure', 'refused', 'other'] as const
type Reason = (typeof REASONS)[number]

/**
 * `?failed=1` (with `reason`) when a sign-in failed; `?stay=1` when the provider's sign-out was
 * declined: the console signs in again through the provider session left.
 */
const search = (raw: Record<string, unknown>): { failed?: number; reason?: Reason; stay?: number } => {
  const reason = REASONS.find((known) => known === raw.reason)
  return {
    ...(Number(raw.failed) === 1 ? { failed: 1 } : {}),
    ...(reason ? { reason } : {}),
    ...(Number(raw.stay) === 1 ? { stay: 1 } : {}),
  }
}

export const Route = createFileRoute('/login')({
  staticData: {
    menu: {
      label: defineMessage({ id: 'menu.login', defaultMessage: 'Login' }),
      icon: 'login',
      order: 0,
      shown: 'signed-out',
    },
  },
  validateSearch: search,
  beforeLoad: () => {
    if (getSession()) throw redirect({ to: '/' })
  },
  component: LoginRoute,
})

function LoginRoute() {
  const { failed, reason, stay } = Route.useSearch()
  return <LoginScreen failed={failed === 1} reason={reason} stay={stay === 1} />
}
