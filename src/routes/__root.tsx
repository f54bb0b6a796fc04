import type { QueryClient } from '@tanstack/react-query'
import { useQuery } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router'
import { configsQuery } from '../api/configs'
import { organizationSetting } from '../api/scope'
import { logout } from '../auth/logout'
import { OrganizationSelector } from '../features/organizations/organization-selector'
import { reloadForChunkError } from '../offline/chunk-recovery'
import { AppShell } from '../shell/app-shell'
import { ConnectionStatus } from '../shell/connection-status'
import { ErrorPage, ErrorPageBoundary, NotFoundPage, statusOf } from '../shell/error-pages'
import { PwaControls } from '../shell/pwa-controls'
import { ReportedError } from '../shell/reported-error'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    // SPEC §2: an organizationId in the query string is saved to local storage.
    const organizationId = new URLSearchParams(location.searchStr).get('organizationId')
    if (organizationId) organizationSetting.set(organizationId)
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RootError,
})

function RootLayout() {
  const router = useRouter()
  // SPEC §2: the layout loads the configs if they are not loaded yet.
  useQuery(configsQuery())
  return (
    <AppShell
      onLogout={() => void logout(() => router.navigate({ to: '/login' }))}
      organizationSelector={<OrganizationSelector />}
      status={
        <>
          <ConnectionStatus />
          <PwaControls />
        </>
      }
    >
      <ReportedError />
      <Outlet />
    </AppShell>
  )
}

function RootError({ error, reset }: { error: unknown; reset: () => void }) {
  if (reloadForChunkError(error)) return null
  const message = error instanceof Error ? error.message : undefined
  return (
    <ErrorPageBoundary>
      <ErrorPage status={statusOf(error)} message={message} onRetry={reset} />
    </ErrorPageBoundary>
  )
}
