import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { IntlProvider } from 'react-intl'
import { afterEach, describe, expect, it } from 'vitest'
import fi from '../../lang/fi.json'
import { EntityState } from './query-state'

/** A detail read as the console reads it: offline first, a lost answer asked again. */
function Detail({ fetch }: { fetch: () => Promise<{ name: string }> }) {
  const query = useQuery({ queryKey: ['detail'], queryFn: fetch, retry: 3, retryDelay: 0 })
  return (
    <EntityState query={query} shown={query.data !== undefined}>
      <p>{query.data?.name}</p>
    </EntityState>
  )
}

const show = (fetch: () => Promise<{ name: string }>, locale: 'en' | 'fi' = 'en') => {
  const client = new QueryClient({ defaultOptions: { queries: { networkMode: 'offlineFirst' } } })
  return render(
    <QueryClientProvider client={client}>
      <IntlProvider locale={locale} messages={locale === 'fi' ? fi : {}}>
        <Detail fetch={fetch} />
      </IntlProvider>
    </QueryClientProvider>,
  )
}

afterEach(() => act(() => onlineManager.setOnline(true)))

describe('the state of one entity', () => {
  it('says offline with nothing saved, with a retry, when its read waits for a connection', async () => {
    act(() => onlineManager.setOnline(false))
    show(() => Promise.reject(new TypeError('Failed to fetch')))
    expect(await screen.findByText('No connection and nothing saved on this device yet.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(screen.queryByText('Loading…')).toBeNull()
  })

  it('says so in Finnish too', async () => {
    act(() => onlineManager.setOnline(false))
    show(() => Promise.reject(new TypeError('Failed to fetch')), 'fi')
    expect(
      await screen.findByText('Ei yhteyttä, eikä tälle laitteelle ole vielä tallennettu tietoja.'),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Yritä uudelleen' })).toBeTruthy()
  })

  it('shows the failure of a refused read with a retry', async () => {
    show(() => Promise.reject(Object.assign(new Error('Server error'), { status: 500 })))
    expect(await screen.findByTestId('error-notice', {}, { timeout: 3000 })).toBeTruthy()
    expect(screen.queryByText('No connection and nothing saved on this device yet.')).toBeNull()
  })

  it('says loading while the first answer is on its way, then shows the entity and its time', async () => {
    let answer: (value: { name: string }) => void = () => {}
    show(() => new Promise((resolve) => (answer = resolve)))
    expect(await screen.findByText('Loading…')).toBeTruthy()
    act(() => answer({ name: 'Csv' }))
    expect(await screen.findByText('Csv')).toBeTruthy()
    expect(screen.getByTestId('fetched-at')).toBeTruthy()
  })
})
