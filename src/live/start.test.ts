import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as online from '../core/online'
import { keptCurrent } from './follow'
import type { Schemas } from './patch'
import { applyMessage, deviceCursor, flushChanges } from './start'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  localStorage.clear()
})

describe('deviceCursor', () => {
  it('keeps the seq per environment and user, so a reload resumes', () => {
    vi.useFakeTimers()
    const cursor = deviceCursor('sandbox', 'u1')
    expect(cursor.get()).toBeUndefined()
    cursor.set(7)
    cursor.set(9)
    vi.advanceTimersByTime(300)
    expect(deviceCursor('sandbox', 'u1').get()).toBe(9)
    expect(deviceCursor('sandbox', 'u2').get()).toBeUndefined()
    expect(deviceCursor('production', 'u1').get()).toBeUndefined()
    cursor.set(10)
    cursor.flush()
    expect(deviceCursor('sandbox', 'u1').get()).toBe(10)
  })
})

describe('applyMessage', () => {
  it('a heartbeat or change says the platform answers; silence starts the probes', () => {
    const reachable = vi.spyOn(online, 'markReachable').mockImplementation(() => {})
    const noAnswer = vi.spyOn(online, 'noteNoAnswer').mockImplementation(() => {})
    const client = new QueryClient()
    applyMessage(client, 'sandbox', { event: 'heartbeat', seq: 1 })
    expect(reachable).toHaveBeenCalledTimes(1)
    applyMessage(client, 'sandbox', { event: 'no-answer' })
    expect(noAnswer).toHaveBeenCalledTimes(1)
  })

  it('a reset asks again what is shown', () => {
    vi.spyOn(online, 'markReachable').mockImplementation(() => {})
    const client = new QueryClient()
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    applyMessage(client, 'sandbox', { event: 'reset', seq: 5 })
    expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ refetchType: 'active' }))
  })
})

describe('a burst of changes', () => {
  it('is applied together, its screens told once; a change after a quiet moment at once', async () => {
    vi.spyOn(online, 'markReachable').mockImplementation(() => {})
    const answers = await import('../contract/answers')
    const client = new QueryClient()
    const key = ['sandbox', 'v2', 'o1', 'data-formats', 'detail', 'f1']
    client.setQueryData(key, { id: 'f1', name: 'Before', updatedAt: '2026-01-01T00:00:00Z' })
    const told = vi.fn()
    const stop = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated') told()
    })
    const change = (seq: number, name: string) =>
      ({
        event: 'change',
        change: {
          seq,
          at: '2026-01-01T00:00:00Z',
          kind: 'dataFormat',
          op: 'updated',
          id: 'f1',
          entity: { id: 'f1', code: 'F1', name, updatedAt: `2026-01-01T00:00:0${seq}Z` },
        },
      }) as const
    flushChanges()
    await new Promise((resolve) => setTimeout(resolve, 20))
    // The first of a burst goes at once; the rest wait for the next frame, and are applied in order.
    applyMessage(client, 'sandbox', change(1, 'One'), answers as unknown as Schemas)
    expect(client.getQueryData<{ name: string }>(key)?.name).toBe('One')
    applyMessage(client, 'sandbox', change(2, 'Two'), answers as unknown as Schemas)
    applyMessage(client, 'sandbox', change(3, 'Three'), answers as unknown as Schemas)
    expect(client.getQueryData<{ name: string }>(key)?.name).toBe('One')
    const before = told.mock.calls.length
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(client.getQueryData<{ name: string }>(key)?.name).toBe('Three')
    expect(told.mock.calls.length - before).toBeGreaterThan(0)
    // A message that must follow them (a reset) applies what waits first.
    applyMessage(client, 'sandbox', change(4, 'Four'), answers as unknown as Schemas)
    applyMessage(client, 'sandbox', change(5, 'Five'), answers as unknown as Schemas)
    applyMessage(client, 'sandbox', { event: 'heartbeat', seq: 5 })
    expect(client.getQueryData<{ name: string }>(key)?.name).toBe('Five')
    stop()
  })
})

describe('keptCurrent', () => {
  it('names the lists and details the stream patches, not the rest', () => {
    const s = ['sandbox', 'v2', 'o1']
    expect(keptCurrent([...s, 'tasks', 'list', {}])).toBe(true)
    expect(keptCurrent([...s, 'tasks', 'detail', 'a'])).toBe(true)
    expect(keptCurrent([...s, 'events', 'list', {}])).toBe(true)
    expect(keptCurrent([...s, 'catalog', 'products', 'dataproduct', 'list', {}])).toBe(true)
    expect(keptCurrent([...s, 'monitoring', 'task-count', 'running'])).toBe(true)
    expect(keptCurrent([...s, 'monitoring', 'stats', '7d'])).toBe(false)
    expect(keptCurrent([...s, 'users', 'list', {}])).toBe(false)
    expect(keptCurrent([...s, 'catalog', 'options', 'x'])).toBe(false)
  })
})
