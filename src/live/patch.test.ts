import { type InfiniteData, QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import type { EventPage } from '../api/events'
import * as answers from '../contract/answers'
import type { PagedList } from '../contract/envelope'
import type { OutboxEntry } from '../outbox/db'
import { applyPending } from '../outbox/pending'
import type { Change } from './frames'
import { applyChange as apply, eventMatches, refetchVisible } from './patch'

const applyChange = (...args: [QueryClient, string, Change]) => apply(...args, answers)

const S = ['sandbox', 'v2', 'org-1'] as const
const task = (id: string, status: string, updatedAt: string, more: Record<string, unknown> = {}) => ({
  id,
  name: `Task ${id}`,
  status,
  updatedAt,
  ...more,
})
const ev = (id: string, status = 'info', more: Record<string, unknown> = {}) => ({
  id,
  type: 'task.run',
  status,
  timestamp: '2026-11-26T12:00:00.000Z',
  message: `event ${id}`,
  ...more,
})
const change = (c: Partial<Change> & Pick<Change, 'kind' | 'id'>): Change => ({
  seq: 1,
  at: '2026-11-26T12:00:00Z',
  op: 'updated',
  ...c,
})

function client() {
  const c = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  return c
}

describe('applyChange: tasks', () => {
  it('sets the task on every cached list page holding it, its detail and the home counts', () => {
    const c = client()
    const pageA = [...S, 'tasks', 'list', { page: 1, limit: 10, sort: 'name:asc' }]
    const pageB = [...S, 'tasks', 'list', { page: 1, limit: 10, sort: 'name:asc', status: 'stopped' }]
    const other = [...S, 'tasks', 'list', { page: 2, limit: 10, sort: 'name:asc' }]
    c.setQueryData<PagedList<unknown>>(pageA, {
      items: [task('a', 'stopped', 'T1'), task('b', 'stopped', 'T1')],
      totalCount: 12,
    })
    c.setQueryData<PagedList<unknown>>(pageB, { items: [task('a', 'stopped', 'T1')], totalCount: 1 })
    c.setQueryData<PagedList<unknown>>(other, { items: [task('z', 'stopped', 'T1')], totalCount: 12 })
    c.setQueryData([...S, 'tasks', 'detail', 'a'], task('a', 'stopped', 'T1'))
    c.setQueryData([...S, 'monitoring', 'task-count', 'stopped'], 4)
    c.setQueryData([...S, 'monitoring', 'task-count', 'running'], 1)
    const invalidate = vi.spyOn(c, 'invalidateQueries')
    const next = task('a', 'running', '2026-11-26T12:00:01Z', { lastRun: { outcome: 'running' } })
    const result = applyChange(c, 'sandbox', change({ kind: 'task', id: 'a', entity: next }))
    expect(
      c.getQueryData<PagedList<{ id: string; status: string }>>(pageA)?.items.map((t) => t.status),
    ).toEqual(['running', 'stopped'])
    expect(c.getQueryData<PagedList<{ status: string }>>(pageB)?.items[0]?.status).toBe('running')
    expect(c.getQueryData<PagedList<{ status: string }>>(other)?.items[0]?.status).toBe('stopped')
    expect(c.getQueryData<{ status: string }>([...S, 'tasks', 'detail', 'a'])?.status).toBe('running')
    expect(c.getQueryData([...S, 'monitoring', 'task-count', 'stopped'])).toBe(3)
    expect(c.getQueryData([...S, 'monitoring', 'task-count', 'running'])).toBe(2)
    // No list was asked again.
    expect(invalidate.mock.calls.some(([f]) => JSON.stringify(f).includes('"list"'))).toBe(false)
    expect(result.patched).toBeGreaterThanOrEqual(3)
  })

  it('leaves a newer cached version alone', () => {
    const c = client()
    c.setQueryData([...S, 'tasks', 'detail', 'a'], task('a', 'error', '2026-11-26T13:00:00Z'))
    applyChange(
      c,
      'sandbox',
      change({ kind: 'task', id: 'a', entity: task('a', 'running', '2026-11-26T12:00:00Z') }),
    )
    expect(c.getQueryData<{ status: string }>([...S, 'tasks', 'detail', 'a'])?.status).toBe('error')
  })

  it('touches only the environment of the change', () => {
    const c = client()
    const prod = ['production', 'v2', 'org-1', 'tasks', 'detail', 'a']
    c.setQueryData(prod, task('a', 'stopped', 'T1'))
    applyChange(c, 'sandbox', change({ kind: 'task', id: 'a', entity: task('a', 'running', 'T2') }))
    expect(c.getQueryData<{ status: string }>(prod)?.status).toBe('stopped')
  })

  it('a task not cached anywhere: counts are asked again, lists are not', () => {
    const c = client()
    c.setQueryData([...S, 'monitoring', 'task-count', 'running'], 1)
    c.setQueryData<PagedList<unknown>>([...S, 'tasks', 'list', {}], {
      items: [task('b', 'stopped', 'T1')],
      totalCount: 1,
    })
    applyChange(c, 'sandbox', change({ kind: 'task', id: 'a', entity: task('a', 'running', 'T2') }))
    expect(c.getQueryState([...S, 'monitoring', 'task-count', 'running'])?.isInvalidated).toBe(true)
    expect(c.getQueryState([...S, 'tasks', 'list', {}])?.isInvalidated).toBe(false)
  })

  it('a deleted task leaves every list, its total one less', () => {
    const c = client()
    const key = [...S, 'tasks', 'list', {}]
    c.setQueryData<PagedList<unknown>>(key, {
      items: [task('a', 'stopped', 'T1'), task('b', 'stopped', 'T1')],
      totalCount: 2,
    })
    applyChange(c, 'sandbox', change({ kind: 'task', op: 'deleted', id: 'a' }))
    const list = c.getQueryData<PagedList<{ id: string }>>(key)
    expect(list?.items.map((t) => t.id)).toEqual(['b'])
    expect(list?.totalCount).toBe(1)
  })

  it('queued local changes still win on screen over the patched row', () => {
    const c = client()
    const key = [...S, 'tasks', 'list', {}]
    c.setQueryData<PagedList<unknown>>(key, { items: [task('a', 'stopped', 'T1')], totalCount: 1 })
    applyChange(
      c,
      'sandbox',
      change({
        kind: 'task',
        id: 'a',
        entity: task('a', 'running', '2026-11-26T12:00:01Z', { name: 'Platform name' }),
      }),
    )
    const pending = {
      id: 'e1',
      resource: 'tasks',
      entityId: 'a',
      method: 'PUT',
      body: { name: 'My name' },
      status: 'pending',
      createdAt: 1,
    } as unknown as OutboxEntry
    const items = c.getQueryData<PagedList<{ id: string; name: string; status: string }>>(key)?.items ?? []
    const shown = applyPending(items, [pending], 'tasks')
    expect(shown[0]?.name).toBe('My name')
    expect(shown[0]?.status).toBe('running')
  })
})

describe('applyChange: events', () => {
  const listKey = (filters: Record<string, unknown>) => [...S, 'events', 'list', filters]
  const pages = (items: unknown[]): InfiniteData<EventPage> => ({
    pages: [{ items: items as EventPage['items'], totalCount: items.length }],
    pageParams: [{ offset: 0, limit: 5 }],
  })

  it('puts a new event on top of the lists whose filters it matches, once', () => {
    const c = client()
    c.setQueryData(listKey({}), pages([ev('old')]))
    c.setQueryData(listKey({ error: true }), pages([]))
    c.setQueryData(listKey({ type: 'task' }), pages([]))
    const invalidate = vi.spyOn(c, 'invalidateQueries')
    for (const id of ['n1', 'n2'])
      applyChange(c, 'sandbox', change({ kind: 'event', op: 'created', id, entity: ev(id) }))
    applyChange(c, 'sandbox', change({ kind: 'event', op: 'created', id: 'n2', entity: ev('n2') }))
    const all = c.getQueryData<InfiniteData<EventPage>>(listKey({}))
    expect(all?.pages[0]?.items.map((e) => e.id)).toEqual(['n2', 'n1', 'old'])
    expect(all?.pages[0]?.totalCount).toBe(3)
    expect(c.getQueryData<InfiniteData<EventPage>>(listKey({ error: true }))?.pages[0]?.items).toEqual([])
    expect(c.getQueryData<InfiniteData<EventPage>>(listKey({ type: 'task' }))?.pages[0]?.items).toHaveLength(
      2,
    )
    // The lists were not asked again.
    expect(invalidate.mock.calls.some(([f]) => f && 'queryKey' in f)).toBe(false)
  })

  it('an error event goes on top of the last errors too, within their limit', () => {
    const c = client()
    c.setQueryData([...S, 'monitoring', 'last-errors', 2], [ev('e1', 'error'), ev('e2', 'error')])
    applyChange(c, 'sandbox', change({ kind: 'event', op: 'created', id: 'e3', entity: ev('e3', 'error') }))
    expect(
      c.getQueryData<{ id: string }[]>([...S, 'monitoring', 'last-errors', 2])?.map((e) => e.id),
    ).toEqual(['e3', 'e1'])
  })

  it('matches filters as the platform does', () => {
    const e = ev('x', 'warning', { category: 'run', targetType: 'task', appName: 'app' }) as never
    expect(eventMatches(e, { type: 'RUN' })).toBe(true)
    expect(eventMatches(e, { type: 'in:foo,task' })).toBe(true)
    expect(eventMatches(e, { type: 'product' })).toBe(false)
    expect(eventMatches(e, { status: 'in:error,warning' })).toBe(true)
    expect(eventMatches(e, { status: 'error' })).toBe(false)
    expect(eventMatches(e, { error: true })).toBe(false)
    expect(eventMatches(e, { category: 'run', targetType: 'task', appName: 'app' })).toBe(true)
    expect(eventMatches(e, { targetType: 'product' })).toBe(false)
    expect(eventMatches(e, { from: '2026-11-26T13:00:00Z' })).toBe(false)
    expect(eventMatches(e, { to: '2026-11-26T13:00:00Z' })).toBe(true)
  })
})

describe('applyChange: catalog and data formats', () => {
  const prod = (id: string, name: string, updatedAt = 'T2') => ({
    id,
    name,
    productCode: id,
    type: 'dataproduct',
    updatedAt,
  })
  const products = [...S, 'catalog', 'products', 'dataproduct', 'list', { page: 1 }]
  const sources = [...S, 'catalog', 'sources', 'datasource', 'list', { page: 1 }]

  it('updates the row and detail in place where present', () => {
    const c = client()
    c.setQueryData<PagedList<unknown>>(products, { items: [prod('p1', 'Old', 'T1')], totalCount: 1 })
    c.setQueryData([...S, 'catalog', 'detail', 'p1'], prod('p1', 'Old', 'T1'))
    applyChange(c, 'sandbox', change({ kind: 'product', id: 'p1', entity: prod('p1', 'New') }))
    expect(c.getQueryData<PagedList<{ name: string }>>(products)?.items[0]?.name).toBe('New')
    expect(c.getQueryData<{ name: string }>([...S, 'catalog', 'detail', 'p1'])?.name).toBe('New')
    expect(c.getQueryState(products)?.isInvalidated).toBe(false)
  })

  it('a row in no cached list: only the lists of its kind are asked again', () => {
    const c = client()
    c.setQueryData<PagedList<unknown>>(products, { items: [], totalCount: 0 })
    c.setQueryData<PagedList<unknown>>(sources, { items: [], totalCount: 0 })
    c.setQueryData<PagedList<unknown>>([...S, 'data-formats', 'list', {}], { items: [], totalCount: 0 })
    applyChange(c, 'sandbox', change({ kind: 'product', op: 'created', id: 'p2', entity: prod('p2', 'N') }))
    expect(c.getQueryState(products)?.isInvalidated).toBe(true)
    expect(c.getQueryState(sources)?.isInvalidated).toBe(false)
    expect(c.getQueryState([...S, 'data-formats', 'list', {}])?.isInvalidated).toBe(false)
  })

  it('a deleted data format leaves its list', () => {
    const c = client()
    const key = [...S, 'data-formats', 'list', { page: 1 }]
    c.setQueryData<PagedList<unknown>>(key, {
      items: [{ id: 'f1', name: 'F', dataFormatCode: 'f' }],
      totalCount: 1,
    })
    applyChange(c, 'sandbox', change({ kind: 'dataFormat', op: 'deleted', id: 'f1' }))
    expect(c.getQueryData<PagedList<unknown>>(key)?.items).toEqual([])
  })

  it('unknown kinds are ignored', () => {
    const c = client()
    expect(applyChange(c, 'sandbox', change({ kind: 'spaceship', id: 'x' }))).toEqual({
      patched: 0,
      invalidated: 0,
    })
  })
})

describe('refetchVisible', () => {
  it('asks again only what is observed; the rest is marked stale', async () => {
    const c = client()
    const seen = [...S, 'tasks', 'list', {}]
    const unseen = [...S, 'events', 'list', {}]
    const fetchSeen = vi.fn(async () => ({ items: [], totalCount: 0 }))
    const fetchUnseen = vi.fn(async () => ({ items: [], totalCount: 0 }))
    await c.fetchQuery({ queryKey: seen, queryFn: fetchSeen })
    await c.fetchQuery({ queryKey: unseen, queryFn: fetchUnseen })
    const { QueryObserver } = await import('@tanstack/react-query')
    const observer = new QueryObserver(c, { queryKey: seen, queryFn: fetchSeen, staleTime: Infinity })
    const stop = observer.subscribe(() => {})
    await refetchVisible(c, 'sandbox')
    expect(fetchSeen).toHaveBeenCalledTimes(2)
    expect(fetchUnseen).toHaveBeenCalledTimes(1)
    expect(c.getQueryState(unseen)?.isInvalidated).toBe(true)
    stop()
  })

  it('after a first stream, asks again what is shown and stale, and what is shown and kept current', async () => {
    const c = client()
    const kept = [...S, 'tasks', 'list', { page: 1 }]
    const fresh = [...S, 'users', 'list', {}]
    const old = [...S, 'users', 'detail', 'u1']
    const fetchKept = vi.fn(async () => ({ items: [], totalCount: 0 }))
    const fetchFresh = vi.fn(async () => ({ items: [], totalCount: 0 }))
    const fetchOld = vi.fn(async () => ({ id: 'u1' }))
    const { QueryObserver } = await import('@tanstack/react-query')
    const observers = [
      new QueryObserver(c, { queryKey: kept, queryFn: fetchKept, staleTime: 60_000 }),
      new QueryObserver(c, { queryKey: fresh, queryFn: fetchFresh, staleTime: 60_000 }),
      new QueryObserver(c, { queryKey: old, queryFn: fetchOld, staleTime: 0 }),
    ]
    const stops = observers.map((o) => o.subscribe(() => {}))
    await vi.waitFor(() => expect(fetchKept).toHaveBeenCalledTimes(1))
    await vi.waitFor(() => expect(fetchFresh).toHaveBeenCalledTimes(1))
    await vi.waitFor(() => expect(fetchOld).toHaveBeenCalledTimes(1))
    await refetchVisible(c, 'sandbox', true)
    // Read before the stream opened: a change in between would reach it no other way.
    expect(fetchKept).toHaveBeenCalledTimes(2)
    // Fresh and refetched on focus as usual: left.
    expect(fetchFresh).toHaveBeenCalledTimes(1)
    expect(fetchOld).toHaveBeenCalledTimes(2)
    for (const stop of stops) stop()
  })
})
