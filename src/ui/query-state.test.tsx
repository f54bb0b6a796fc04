import { onlineManager, QueryClient, useQuery } from '@tanstack/react-query'
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderInConsole } from '../test-render'
import { EntityState, PartFailure } from './query-state'

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
  return renderInConsole(<Detail fetch={fetch} />, { locale, queryClient: client })
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

describe('the failure of a part of a screen', () => {
  const failed = (data: unknown) => ({
    isPending: false,
    isError: true,
    error: Object.assign(new Error('Server error'), { status: 500 }),
    data,
    refetch: () => undefined,
    dataUpdatedAt: Date.now(),
    isFetching: false,
  })
  const part = (query: ReturnType<typeof failed>, error: unknown = null) =>
    renderInConsole(<PartFailure query={query} error={error} />)

  it('keeps saved data, says the refresh failed with a retry, and shows no failure notice', () => {
    part(failed([{ id: 'c1' }]))
    expect(screen.getByText('Could not refresh: showing saved data.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(screen.queryByTestId('error-notice')).toBeNull()
  })

  it('with nothing saved, the failure is a notice with a retry', () => {
    part(failed(undefined))
    expect(screen.getByTestId('error-notice')).toBeTruthy()
    expect(screen.queryByText('Could not refresh: showing saved data.')).toBeNull()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  it("shows an action's failure instead, without a retry of the read", () => {
    part({ ...failed(undefined), isError: false }, Object.assign(new Error('Forbidden'), { status: 403 }))
    expect(screen.getByTestId('error-notice')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })
})
