import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { versionSetting } from '../core/scope'
import { getSession } from '../core/session'
import { screenOnVersion } from '../shell/menu-items'

/**
 * Routes for signed-in users ("user" visibility): others are sent to /login. No component: the
 * router renders the matched child in its place, and no chunk is fetched for a layout of nothing.
 */
export const Route = createFileRoute('/_user')({
  beforeLoad: ({ location }) => {
    if (!getSession()) throw redirect({ to: '/login' })
    if (!screenOnVersion(location.pathname, versionSetting.get())) throw notFound()
  },
})
