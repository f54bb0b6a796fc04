import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, renderHook } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { IntlProvider } from 'react-intl'
import en from '../lang/en.json'
import fi from '../lang/fi.json'

/** What a unit test's component has around it, as it would in the console. */
export interface ConsoleOptions {
  /** The language, with its catalog as shipped (English by default). */
  locale?: 'en' | 'fi'
  /** A query client, for components that read or write through TanStack Query. */
  queryClient?: QueryClient
  /** The time zone dates are shown in (the browser's by default). */
  timeZone?: string
}

function Providers({
  locale = 'en',
  queryClient,
  timeZone,
  children,
}: ConsoleOptions & { children: ReactNode }) {
  const intl = (
    <IntlProvider locale={locale} messages={locale === 'fi' ? fi : en} timeZone={timeZone}>
      {children}
    </IntlProvider>
  )
  return queryClient ? <QueryClientProvider client={queryClient}>{intl}</QueryClientProvider> : intl
}

/** The console's providers for a test (testing-library's `wrapper`): its language and a query client. */
export const consoleWrapper =
  (options: ConsoleOptions = {}) =>
  ({ children }: { children: ReactNode }) => <Providers {...options}>{children}</Providers>

/** Renders `ui` inside the console's providers; `rerender` keeps them. */
export const renderInConsole = (ui: ReactElement, options: ConsoleOptions = {}) =>
  render(ui, { wrapper: consoleWrapper(options) })

/** Runs a hook inside the console's providers. */
export const renderHookInConsole = <T,>(hook: () => T, options: ConsoleOptions = {}) =>
  renderHook(hook, { wrapper: consoleWrapper(options) })
