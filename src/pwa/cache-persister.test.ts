import { QueryClient } from '@tanstack/react-query'
import { set } from 'idb-keyval'
import { describe, expect, it, vi } from 'vitest'
import { BOOT_STORE, openBootDatabase } from '../core/boot-open'
import { bootStore } from '../core/boot-store'
import { CACHE_BUSTER, cachePersister, saveCacheNow, takeInHandovers } from './cache-persister'

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

describe("the restore adopts the entry script's read", () => {
  it('takes the cache the entry read as the page opened, once, then reads the store', async () => {
    await set('query-cache', '{"from":"entry"}', bootStore)
    vi.resetModules()
    const open = await import('../core/boot-open')
    const { cachePersister: fresh } = await import('./cache-persister')
    open.openBootEarly()
    await open.peekFirstRead('query-cache')
    // Written after the entry's read, as by another tab.
    const db = await openBootDatabase()
    const tx = db.transaction(BOOT_STORE, 'readwrite')
    tx.objectStore(BOOT_STORE).put('{"from":"later"}', 'query-cache')
    await new Promise((resolve) => {
      tx.oncomplete = resolve
    })
    db.close()
    expect(await fresh.restoreClient()).toEqual({ from: 'entry' })
    expect(await fresh.restoreClient()).toEqual({ from: 'later' })
    ;(await open.earlyBoot())?.close()
  })
})

describe('the cache a page hands over as it is left', () => {
  const HANDOVER = 'orchestrator-cache-handover'
  const key = ['data-formats', 'detail', 'a']
  const leftWith = (name: string, updatedAt: number) => {
    const left = new QueryClient()
    left.setQueryData(key, { name }, { updatedAt })
    saveCacheNow(left)
  }

  it('is taken in by the next page whose restore missed it, newer data only, and then goes', () => {
    leftWith('came last', 2000)
    const next = new QueryClient()
    next.setQueryData(['events', 'list'], ['restored'])
    takeInHandovers(next)
    expect(next.getQueryData(key)).toEqual({ name: 'came last' })
    expect(next.getQueryData(['events', 'list'])).toEqual(['restored'])
    expect(localStorage.getItem(HANDOVER)).toBeNull()
  })

  it("never replaces this page's newer data, nor takes another user's", () => {
    leftWith('older', 1000)
    const next = new QueryClient()
    next.setQueryData(key, { name: 'newer' }, { updatedAt: 5000 })
    takeInHandovers(next)
    expect(next.getQueryData(key)).toEqual({ name: 'newer' })
    // Handed over as a visitor (no user, then the line break): made out to another user here.
    leftWith('theirs', 9000)
    localStorage.setItem(HANDOVER, `someone-else${localStorage.getItem(HANDOVER)}`)
    const other = new QueryClient()
    takeInHandovers(other)
    expect(other.getQueryData(key)).toBeUndefined()
  })

  it('takes in what another open page hands over later (the storage event)', () => {
    const open = new QueryClient()
    takeInHandovers(open)
    leftWith('from the other tab', 3000)
    window.dispatchEvent(
      new StorageEvent('storage', { key: HANDOVER, newValue: localStorage.getItem(HANDOVER) }),
    )
    expect(open.getQueryData(key)).toEqual({ name: 'from the other tab' })
  })

  it('is not made of a cache too large to leave the settings room, and an older one goes', () => {
    leftWith('small', 1000)
    const large = new QueryClient()
    large.setQueryData(key, { name: 'x'.repeat(1_000_001) })
    saveCacheNow(large)
    expect(localStorage.getItem(HANDOVER)).toBeNull()
  })

  it('goes with the cache on a sign-out', async () => {
    leftWith('signed out', 4000)
    expect(localStorage.getItem(HANDOVER)).not.toBeNull()
    await cachePersister.removeClient()
    expect(localStorage.getItem(HANDOVER)).toBeNull()
  })
})
