import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { CACHE_BUSTER, cachePersister, saveCacheNow } from './cache-persister'

describe('saveCacheNow', () => {
  it('writes the whole cache at once, in the form the persister restores', async () => {
    const client = new QueryClient()
    client.setQueryData(['data-formats', 'detail', 'a'], { id: 'a', name: 'Survey 0' })
    saveCacheNow(client)
    await expect.poll(async () => (await cachePersister.restoreClient())?.clientState.queries.length).toBe(1)
    const restored = await cachePersister.restoreClient()
    expect(restored?.buster).toBe(CACHE_BUSTER)
    expect(restored?.clientState.queries[0]?.state.data).toEqual({ id: 'a', name: 'Survey 0' })
  })

  it('keeps the data of a query whose last refresh failed, as its last good answer', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const key = ['data-formats', 'list', { page: 1 }]
    client.setQueryData(key, { items: ['kept'] })
    await client
      .fetchQuery({ queryKey: key, staleTime: 0, queryFn: () => Promise.reject(new TypeError('offline')) })
      .catch(() => undefined)
    expect(client.getQueryState(key)?.status).toBe('error')
    saveCacheNow(client)
    await expect
      .poll(async () => (await cachePersister.restoreClient())?.clientState.queries[0]?.queryKey)
      .toEqual(key)
    const saved = (await cachePersister.restoreClient())?.clientState.queries[0]
    expect(saved?.state.data).toEqual({ items: ['kept'] })
    expect(saved?.state.status).toBe('success')
    expect(saved?.state.error).toBeNull()
  })
})
