import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadCatalog } from '../../i18n/i18n-provider'
import { renderInConsole } from '../../test-render'
import { LoginScreen } from './login-screen'

vi.mock('@tanstack/react-router', () => ({ useNavigate: () => vi.fn() }))

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
})
afterEach(() => vi.unstubAllGlobals())

const throttled = () =>
  new Response(
    JSON.stringify({
      success: false,
      message: 'Too many failed sign-ins. Try again in 240 seconds.',
      retryAfter: 240,
    }),
    { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '240' } },
  )

describe('login screen', () => {
  for (const [locale, text] of [
    ['en', 'Too many failed sign-ins. Try again in 4 minutes.'],
    ['fi', 'Liian monta epäonnistunutta kirjautumista. Yritä uudelleen 4 minuutin kuluttua.'],
  ] as const)
    it(`says in ${locale} when the platform throttles failed sign-ins (429)`, async () => {
      fetchMock.mockImplementation(async () => throttled())
      const _messages = await loadCatalog(locale)
      renderInConsole(<LoginScreen />, { locale })
      const input = document.querySelector('input[type=password]') as HTMLInputElement
      fireEvent.change(input, { target: { value: 'guess' } })
      fireEvent.submit(input.closest('form') as HTMLFormElement)
      expect((await screen.findByRole('alert')).textContent).toBe(text)
    })
})
