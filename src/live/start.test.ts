import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as online from '../core/online'
import { keptCurrent } from './follow'
import { applyMessage, deviceCursor } from './start'

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
