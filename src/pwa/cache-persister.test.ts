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
})
