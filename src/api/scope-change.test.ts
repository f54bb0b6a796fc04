import { beforeEach, describe, expect, it } from 'vitest'
import { queryClient } from '../core/query-client'
import { environmentSetting, versionSetting } from '../core/scope'
import { switchEnvironment, switchVersion } from './scope-change'

const keys = () =>
  queryClient
    .getQueryCache()
    .getAll()
    .map((q) => q.queryKey.join('/'))

beforeEach(() => {
  queryClient.clear()
  environmentSetting.clear()
  versionSetting.clear()
  queryClient.setQueryData(['sandbox', 'v2', '', 'tasks', 'list', 1], [])
  queryClient.setQueryData(['sandbox', 'v2', '', 'products', 'list', 1], [])
  queryClient.setQueryData(['sandbox', 'v2', '', 'products', 'detail', 'p1'], {})
  queryClient.setQueryData(['sandbox', 'v2', '', 'data-formats', 'list', 1], [])
  localStorage.setItem('products.currentPage', '3')
  localStorage.setItem('products.limit', '20')
})

describe('environment and version switch', () => {
  it('clears cached task and product lists and resets product pagination', () => {
    switchVersion('v1')
    expect(versionSetting.get()).toBe('v1')
    expect(keys()).toEqual(['sandbox/v2//products/detail/p1', 'sandbox/v2//data-formats/list/1'])
    expect(localStorage.getItem('products.currentPage')).toBeNull()
    expect(localStorage.getItem('products.limit')).toBe('20')
  })
  it('does the same for an environment switch, and nothing when the choice is unchanged', () => {
    switchEnvironment('sandbox')
    expect(keys()).toHaveLength(4)
    switchEnvironment('production')
    expect(environmentSetting.get()).toBe('production')
    expect(keys()).toHaveLength(2)
  })
})
