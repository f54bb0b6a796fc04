import { render } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { queryClient } from '../core/query-client'
import { environmentSetting, versionSetting } from '../core/scope'
import { useUnsavedInput } from '../pwa/unsaved'
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
  it('clears cached task and product lists and resets product pagination', async () => {
    await switchVersion('v1')
    expect(versionSetting.get()).toBe('v1')
    expect(keys()).toEqual(['sandbox/v2//products/detail/p1', 'sandbox/v2//data-formats/list/1'])
    expect(localStorage.getItem('products.currentPage')).toBeNull()
    expect(localStorage.getItem('products.limit')).toBe('20')
  })
  it('does the same for an environment switch, and nothing when the choice is unchanged', async () => {
    await switchEnvironment('sandbox')
    expect(keys()).toHaveLength(4)
    await switchEnvironment('production')
    expect(environmentSetting.get()).toBe('production')
    expect(keys()).toHaveLength(2)
  })
})

/** A form that holds input, kept as its draft by `keep`. */
function Held({ keep }: { keep: () => Promise<void> }) {
  useUnsavedInput(true, keep)
  return null
}

describe('a scope switch and the input of open forms', () => {
  it('keeps every form input as a draft before the scope changes', async () => {
    const order: string[] = []
    const view = render(<Held keep={async () => void order.push(`kept in ${versionSetting.get()}`)} />)
    await switchVersion('v1')
    order.push(`switched to ${versionSetting.get()}`)
    expect(order).toEqual(['kept in v2', 'switched to v1'])
    view.unmount()
  })
})
