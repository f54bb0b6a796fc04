import type { QueryClient } from '@tanstack/react-query'
import { useQuery } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { configsQuery } from '../api/configs'
import { logout } from '../auth/logout'
import { environmentSetting, organizationSetting, versionSetting } from '../core/scope'
import { OrganizationSelector } from '../features/organizations/organization-selector'
import { loadScreenMessages } from '../i18n/i18n-provider'
import { AppShell } from '../shell/app-shell'
import { ConnectionStatus } from '../shell/connection-status'
import { DeferredPwaControls } from '../shell/deferred-pwa'
import { NotFoundPage } from '../shell/error-pages'
import { ReportedError } from '../shell/reported-error'
import { RouteError } from '../shell/route-error'

export interface RouterContext {
  queryClient: QueryClient
}

let consumedOrganizationId: string | null = null

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    // An organizationId in the query string is saved to local storage, once per value: the loaders
    // run again on the same address (a scope change), and an id the selector has dropped as not the
    // user's must not come back from the address it arrived in.
    const organizationId = new URLSearchParams(location.searchStr).get('organizationId')
    if (organizationId && organizationId !== consumedOrganizationId) organizationSetting.set(organizationId)
    consumedOrganizationId = organizationId
    // The screen's messages are in before it renders (in the language shown): no id or English flashes.
    return loadScreenMessages(location.pathname)
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
})

/**
 * The environment, API version and organization every query key and call starts with. A change
 * remounts the screen and runs its loaders again, so no mounted screen keeps the keys, the list or
 * the ids of the scope it was opened in.
 */
function useScopeKey() {
  const router = useRouter()
  const scope = `${environmentSetting.use()}|${versionSetting.use()}|${organizationSetting.use()}`
  const shown = useRef(scope)
  useEffect(() => {
    if (shown.current === scope) return
    shown.current = scope
    void router.invalidate()
  }, [scope, router])
  return scope
}

function RootLayout() {
  const router = useRouter()
  const scope = useScopeKey()
  // The layout loads the configs if they are not loaded yet.
  useQuery(configsQuery())
  return (
    <AppShell
      onLogout={() => void logout(() => router.navigate({ to: '/login' }))}
      organizationSelector={<OrganizationSelector />}
      status={
        <>
          <ConnectionStatus />
          <DeferredPwaControls />
        </>
      }
    >
      <ReportedError />
      <Outlet key={scope} />
    </AppShell>
  )
}
