import { beforeEach, describe, expect, it } from 'vitest'
import { CATALOG_LISTS, type CatalogList, catalogKeys } from './catalog'
import { queryClient } from './query-client'
import { environmentSetting, versionSetting } from './scope'
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

  it('every catalog list is cleared by an environment switch (SPEC §4), details stay', () => {
    for (const list of Object.keys(CATALOG_LISTS) as CatalogList[]) {
      queryClient.setQueryData(catalogKeys.list(CATALOG_LISTS[list], params), { items: [], totalCount: 0 })
      localStorage.setItem(`${list}.currentPage`, '2')
    }
    queryClient.setQueryData(catalogKeys.detail('p1'), { id: 'p1' })
    switchEnvironment('production')
    const left = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey)
    expect(left).toEqual([catalogKeys.detail('p1').map((part, i) => (i === 0 ? 'sandbox' : part))])
    for (const list of Object.keys(CATALOG_LISTS))
      expect(localStorage.getItem(`${list}.currentPage`)).toBeNull()
  })
})
