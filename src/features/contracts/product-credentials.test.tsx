import { QueryClient } from '@tanstack/react-query'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setUnauthorizedHandler } from '../../core/http'
import { saveSession } from '../../core/session'
import { renderInConsole } from '../../test-render'
import { ProductCredentials } from './product-credentials'

const fetchMock = vi.fn<typeof fetch>()
const unauthorized = () =>
  new Response(JSON.stringify({ success: false, message: 'Token expired' }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  })

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  await saveSession({
    kind: 'developer',
    user: { id: 'u1', email: 'a@b.c' },
    token: 't',
    expiresAt: Date.now() + 1e6,
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('product credentials', () => {
  it('shows a 401 of the credentials path as an error and keeps the user signed in', async () => {
    const logout = vi.fn()
    setUnauthorizedHandler(logout)
    // The credentials path answers 401; any other call (the environment's config) answers as usual.
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('auth-credentials')
        ? unauthorized()
        : new Response(JSON.stringify({ success: true, result: {} }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
    )
    renderInConsole(<ProductCredentials productId="p1" />, {
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    })
    expect(await screen.findByText('Token expired')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Name 1'), { target: { value: 'user' } })
    fireEvent.change(screen.getByLabelText('Value 1'), { target: { value: 'secret' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save credentials' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Creating new credentials will overwrite previously saved.')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Overwrite' }))
    // The load's error and the save's error, both shown; nobody is signed out.
    await waitFor(() => expect(screen.getAllByText('Token expired')).toHaveLength(2))
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ productId: 'p1', credentials: { user: 'secret' } })
    expect(logout).not.toHaveBeenCalled()
  })
})
