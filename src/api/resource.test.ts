import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '../core/query-client'
import { environmentSetting } from '../core/scope'
import { saveSession } from '../core/session'
import { db } from '../outbox/db'
import { catalog, catalogKeys } from './catalog'
import { requeueCatalogCreate } from './catalog-requeue'
import { dataFormats } from './data-formats'
import { defineResource } from './resource'
import { tasks } from './tasks'

const fields = (entry: { method: string; path: string; resource: string; body?: unknown } | undefined) =>
  entry && { method: entry.method, path: entry.path, resource: entry.resource, body: entry.body }

beforeEach(async () => {
  await saveSession({ kind: 'developer', user: { id: 'u1', email: 'u1@b.c' }, token: 't', expiresAt: 1e13 })
  await db.outbox.clear()
})
afterEach(async () => {
  queryClient.clear()
  await saveSession(null)
})

describe('a resource defined once', () => {
  it('keys its lists and details under its scope and outbox name', () => {
    expect(dataFormats.keys.list({ page: 2, limit: 10 })).toEqual([
      'sandbox',
      'v2',
      '',
      'data-formats',
      'list',
      { page: 2, limit: 10 },
    ])
    expect(tasks.keys.detail('t1')).toEqual(['sandbox', 'v2', '', 'tasks', 'detail', 't1'])
    expect(catalogKeys.list('connector', { page: 1, limit: 5, sortBy: 'name', sortOrder: 'asc' })).toEqual(
      catalog.keys.list({ type: 'connector', page: 1, limit: 5, sortBy: 'name', sortOrder: 'asc' }),
    )
  })

  it('lets a cached list row stand in for a detail not fetched yet, with the list time', () => {
    const params = { page: 1, limit: 10, sort: 'updatedAt:desc' }
    queryClient.setQueryData(tasks.keys.list(params), { items: [{ id: 't1', name: 'One' }], totalCount: 1 })
    const at = queryClient.getQueryState(tasks.keys.list(params))?.dataUpdatedAt
    expect(tasks.fromLists('t1')).toEqual({ data: { id: 't1', name: 'One' }, updatedAt: at })
    expect(tasks.fromLists('t2')).toBeUndefined()
    // Another resource's lists are not read.
    expect(dataFormats.fromLists('t1')).toBeUndefined()
    // The detail query starts from that row.
    const detail = tasks.detailQuery('t1')
    expect((detail.initialData as () => unknown)()).toEqual({ id: 't1', name: 'One' })
    expect((detail.initialDataUpdatedAt as () => unknown)()).toBe(at)
  })

  it('queues a change in the scope it was made in, though the scope switches while the queue loads', async () => {
    const queued = dataFormats.queueCreate('local:2', { dataFormatCode: 'S', name: 'Switched' })
    environmentSetting.set('production')
    try {
      const entry = await queued
      expect(entry && { env: entry.env, userId: entry.userId, path: entry.path }).toEqual({
        env: 'sandbox',
        userId: 'u1',
        path: '/api/sandbox/internal/products/v2/data-formats',
      })
    } finally {
      environmentSetting.set('sandbox')
    }
  })

  it('refuses a change with no one signed in, before loading the queue', async () => {
    await saveSession(null)
    await expect(dataFormats.queueCreate('local:3', { dataFormatCode: 'N', name: 'Nobody' })).rejects.toThrow(
      'Sign in to make changes',
    )
    expect(await db.outbox.count()).toBe(0)
  })

  it('queues its writes under its outbox name, with the version an edit started from', async () => {
    const created = await dataFormats.queueCreate('local:1', { dataFormatCode: 'C', name: 'Csv' })
    expect(fields(created)).toEqual({
      method: 'POST',
      path: '/api/sandbox/internal/products/v2/data-formats',
      resource: 'data-formats',
      body: { dataFormatCode: 'C', name: 'Csv' },
    })
    expect(created?.label).toBe('Csv')
    const updated = await catalog.queueUpdate({ id: 'p1', updatedAt: 'v7' }, {
      name: 'P',
      productCode: 'PC',
    } as never)
    expect(fields(updated)).toMatchObject({ method: 'PATCH', path: '/api/sandbox/internal/products/v2/p1' })
    expect(updated?.baseVersion).toBe('v7')
    const removed = await catalog.queueDelete({ id: 'p2', updatedAt: 'v1', name: 'Gone' } as never)
    expect(fields(removed)).toMatchObject({
      method: 'DELETE',
      path: '/api/sandbox/products/v2/p2',
      resource: 'catalog',
    })
    expect(removed?.label).toBe('Gone')
  })

  it('sends a task update without its jobs (they have their own call)', async () => {
    const input = { name: 'T', jobs: [{ schedule: '* * * * *' }] } as never
    const entry = await tasks.queueUpdate({ id: 't1', updatedAt: 'v1' }, input)
    expect(fields(entry)).toEqual({
      method: 'PUT',
      path: '/api/sandbox/tasks/t1',
      resource: 'tasks',
      body: { name: 'T' },
    })
  })
  it('writes an edit of a product created here into its create, or after it while a replay pass runs', async () => {
    const created = await catalog.queueCreate('local:9', { name: 'First', type: 'product' } as never)
    await requeueCatalogCreate('local:9', { name: 'Second', type: 'product' } as never)
    let queued = await db.outbox.toArray()
    expect(queued.map(fields)).toEqual([{ ...fields(created), body: { name: 'Second', type: 'product' } }])
    // A pass holds the outbox lock: the create may be on the wire, so the edit is queued after it.
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: { query: async () => ({ held: [{ name: 'orchestrator-outbox' }], pending: [] }) },
    })
    try {
      await requeueCatalogCreate('local:9', { name: 'Third', type: 'product' } as never)
    } finally {
      vi.unstubAllGlobals()
    }
    queued = await db.outbox.toArray()
    expect(queued.map((e) => [e.method, e.entityId, (e.body as { name: string }).name])).toEqual([
      ['POST', 'local:9', 'Second'],
      ['PATCH', 'local:9', 'Third'],
    ])
  })
  it('stamps each change with the route of its form, the catalog by the type it carries', async () => {
    const format = await dataFormats.queueCreate('local:1', { dataFormatCode: 'C', name: 'Csv' })
    expect(format?.form).toBe('/data-formats/{-$id}/edit')
    const task = await tasks.queueUpdate({ id: 't1', updatedAt: 'v1' }, { name: 'T' } as never)
    expect(task?.form).toBe('/tasks/$id/edit')
    const connector = await catalog.queueUpdate({ id: 'p1', updatedAt: 'v1' }, {
      name: 'C',
      type: 'connector',
    } as never)
    expect(connector?.form).toBe('/connectors/$id/edit')
    const product = await catalog.queueUpdate({ id: 'p2' }, { name: 'P' } as never)
    expect(product?.form).toBe('/products/$id/edit')
  })
  it('fetches a plain list page by offset and limit, checked with its schema, when given no fetchList', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ success: true, result: [{ id: 'a1', name: 'One' }], pagination: { totalCount: 7 } }),
    )
    vi.stubGlobal('fetch', fetchMock)
    try {
      const things = defineResource<
        { id: string; name: string },
        { name: string },
        { page: number; limit: number; q?: string }
      >({
        name: 'data-formats',
        read: '/api/{env}/things',
        schema: (a) => a.namedAnswer,
        label: (x) => x.name,
      })
      const page = await queryClient.fetchQuery(things.listQuery({ page: 3, limit: 2, q: 'o' }))
      expect(page).toEqual({ items: [{ id: 'a1', name: 'One' }], totalCount: 7 })
      expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(
        '/api/sandbox/things?q=o&limit=2&offset=4',
      )
      // A row that is not of the schema stays in the page as unreadable; the others show.
      fetchMock.mockImplementation(async () =>
        Response.json({ success: true, result: [{ name: 'No id' }, { id: 'b', name: 'Two' }] }),
      )
      const mixed = await queryClient.fetchQuery(things.listQuery({ page: 1, limit: 2 }))
      expect(mixed.items[1]).toEqual({ id: 'b', name: 'Two' })
      expect(mixed.items[0]).toMatchObject({ __unreadable: { raw: { name: 'No id' }, path: '0.id' } })
      // Without a total, a full page means there may be more.
      expect(mixed).toMatchObject({ totalCount: 2, more: true })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
