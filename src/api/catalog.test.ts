import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '../core/query-client'
import { environmentSetting, versionSetting } from '../core/scope'
import { CATALOG_LISTS, type CatalogList, catalogKeys, fetchCatalogList } from './catalog'
import { switchEnvironment } from './scope-change'

const params = { page: 2, limit: 10, sortBy: 'updatedAt', sortOrder: 'desc' as const }

beforeEach(() => {
  queryClient.clear()
  environmentSetting.clear()
  versionSetting.clear()
})

describe('catalog keys', () => {
  it('start with the scope and name the list and the type', () => {
    expect(catalogKeys.list('datasource', params)).toEqual([
      'sandbox',
      'v2',
      '',
      'catalog',
      'sources',
      'datasource',
      'list',
      params,
    ])
  })

  it('every catalog list is cleared by an environment switch, details stay', async () => {
    for (const list of Object.keys(CATALOG_LISTS) as CatalogList[]) {
      queryClient.setQueryData(catalogKeys.list(CATALOG_LISTS[list], params), { items: [], totalCount: 0 })
      localStorage.setItem(`${list}.currentPage`, '2')
    }
    queryClient.setQueryData(catalogKeys.detail('p1'), { id: 'p1' })
    await switchEnvironment('production')
    const left = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey)
    expect(left).toEqual([catalogKeys.detail('p1').map((part, i) => (i === 0 ? 'sandbox' : part))])
    for (const list of Object.keys(CATALOG_LISTS))
      expect(localStorage.getItem(`${list}.currentPage`)).toBeNull()
  })
})

describe('catalog list load', () => {
  afterEach(() => vi.unstubAllGlobals())
  const answer = (body: unknown, status = 200) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      ),
    )

  it('asks for the type, page, sort and filters (offset = (page-1)*limit)', async () => {
    answer({ success: true, result: [{ id: 'a' }], pagination: { totalCount: 31 } })
    const list = await fetchCatalogList('connector', { ...params, page: 3, status: 'draft', q: 'grid' })
    expect(list).toEqual({ items: [{ id: 'a' }], totalCount: 31 })
    const url = String(vi.mocked(fetch).mock.calls[0]?.[0])
    expect(url).toContain('/api/sandbox/products/v2?')
    const query = new URL(url, 'http://x').searchParams
    expect(Object.fromEntries(query)).toEqual({
      type: 'connector',
      limit: '10',
      offset: '20',
      sortBy: 'updatedAt',
      sortOrder: 'desc',
      status: 'draft',
      q: 'grid',
    })
  })

  it('a failed load logs the message and gives an empty list with the error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    answer({ success: false, message: 'Database unavailable' }, 500)
    expect(await fetchCatalogList('dataproduct', params)).toEqual({
      items: [],
      totalCount: 0,
      error: 'Database unavailable',
    })
    expect(log).toHaveBeenCalledWith('Database unavailable')
    log.mockRestore()
  })
})
