import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadCatalog } from '../i18n/i18n-provider'
import { renderInConsole } from '../test-render'
import { ErrorPage, ErrorPageBoundary, statusOf } from './error-pages'

// The console loads its catalogs at boot; the tests load them the same way.
beforeAll(async () => {
  await Promise.all([loadCatalog('en'), loadCatalog('fi')])
})

function renderInRouter(node: ReactNode) {
  const rootRoute = createRootRoute({ component: () => node })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  return renderInConsole(<RouterProvider router={router} />)
}

function Boom(): ReactNode {
  throw new Error('render failed')
}

describe('error pages', () => {
  it('defaults to status 500 and the message Error', async () => {
    renderInRouter(<ErrorPage />)
    expect(await screen.findByText('500')).toBeTruthy()
    expect(screen.getAllByText('Error')).toHaveLength(2)
  })
  it('shows the given status and message', async () => {
    renderInRouter(<ErrorPage status={403} message="Access denied." />)
    expect(await screen.findByText('403')).toBeTruthy()
    expect(screen.getByText('Access denied.')).toBeTruthy()
  })
  it('says so when the error page itself fails, with a link home', () => {
    const spy = console.error
    console.error = () => {}
    render(
      <ErrorPageBoundary>
        <Boom />
      </ErrorPageBoundary>,
    )
    console.error = spy
    expect(screen.getByRole('heading').textContent).toBe('Virhesivun näyttämisessä tapahtui virhe')
    expect(screen.getByRole('link').getAttribute('href')).toBe('/')
  })
  it('reads the status of http errors only', () => {
    expect(statusOf({ status: 404 })).toBe(404)
    expect(statusOf({ status: 200 })).toBeUndefined()
    expect(statusOf(new Error('x'))).toBeUndefined()
  })
})
