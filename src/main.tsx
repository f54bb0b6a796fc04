import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nProvider } from './i18n/i18n-provider'
import { localeSetting } from './i18n/locale'
import { routeTree } from './routeTree.gen'
import { ErrorPage, ErrorPageBoundary, NotFoundPage, statusOf } from './shell/error-pages'
import './styles.css'

const queryClient = new QueryClient({
  defaultOptions: { queries: { networkMode: 'offlineFirst', staleTime: 30_000 } },
})

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFoundPage,
  defaultErrorComponent: ({ error, reset }) => (
    <ErrorPageBoundary>
      <ErrorPage
        status={statusOf(error)}
        message={error instanceof Error ? error.message : undefined}
        onRetry={reset}
      />
    </ErrorPageBoundary>
  ),
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

document.documentElement.lang = localeSetting.get()

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>
  </StrictMode>,
)
