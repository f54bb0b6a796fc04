import { beforeEach, describe, expect, it } from 'vitest'
import { isKeyOf } from '../core/keys'
import { queryClient } from '../core/query-client'
import { RESOURCES } from '../core/resources'
import { environmentSetting, versionSetting } from '../core/scope'
import { CATALOG, catalogKeys } from './catalog'
import { CONTRACTS_RESOURCE, contractKeys } from './contracts'
import { DATA_FORMATS, dataFormatKeys } from './data-formats'
import { productPartKeys } from './product-parts'
import { switchVersion } from './scope-change'
import { TASKS, taskKeys } from './tasks'

const page = { page: 1, limit: 10 }

beforeEach(() => {
  queryClient.clear()
  environmentSetting.clear()
  versionSetting.clear()
})

// A settled outbox change refreshes the queries whose key names its resource (main.tsx): each family's
// keys must carry the name its queued changes use, and no other family's.
describe('outbox resources and query keys', () => {
  const families = [
    {
      resource: CATALOG,
      keys: [
        catalogKeys.list('dataproduct', { ...page, sortBy: 'name', sortOrder: 'asc' }),
        catalogKeys.detail('p1'),
        productPartKeys.part('p1', 'task'),
      ],
    },
    { resource: TASKS, keys: [taskKeys.list({ ...page, sort: 'name' }), taskKeys.detail('t1')] },
    { resource: DATA_FORMATS, keys: [dataFormatKeys.list(page), dataFormatKeys.detail('d1')] },
    { resource: CONTRACTS_RESOURCE, keys: [contractKeys.ofProduct('p1')] },
  ]

  it('every resource family is named by one of the outbox resources', () => {
    expect(families.map((f) => f.resource).sort()).toEqual(Object.values(RESOURCES).sort())
  })

  it('a settled change refreshes its own family and no other', () => {
    for (const { resource } of families) {
      for (const other of families) {
        for (const key of other.keys) expect(isKeyOf(key, resource)).toBe(other.resource === resource)
      }
    }
  })

  it('a version switch clears task lists built by their key factory, and keeps details', async () => {
    queryClient.setQueryData(taskKeys.list({ ...page, sort: 'name' }), { items: [], totalCount: 0 })
    queryClient.setQueryData(taskKeys.detail('t1'), { id: 't1' })
    await switchVersion('v1')
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([['sandbox', 'v2', '', 'tasks', 'detail', 't1']])
  })
})
