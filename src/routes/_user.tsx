import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { getSession } from '../auth/session'

/** Routes for signed-in users ("user" visibility, SPEC §6): others are sent to /login. */
export const Route = createFileRoute('/_user')({
  beforeLoad: () => {
    if (!getSession()) throw redirect({ to: '/login' })
  },
  component: Outlet,
})
