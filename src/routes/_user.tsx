import { createFileRoute, notFound, Outlet, redirect } from '@tanstack/react-router'
import { versionSetting } from '../core/scope'
import { getSession } from '../core/session'
import { screenOnVersion } from '../shell/menu-items'

/** Routes for signed-in users ("user" visibility): others are sent to /login. */
export const Route = createFileRoute('/_user')({
  beforeLoad: ({ location }) => {
    if (!getSession()) throw redirect({ to: '/login' })
    if (!screenOnVersion(location.pathname, versionSetting.get())) throw notFound()
  },
  component: Outlet,
})
