import { describe, expect, it, vi } from 'vitest'
import { frameStore } from './outbox-sync'

describe('progress published per frame', () => {
  it('publishes many updates in one frame once, with the last value, and the next frame anew', async () => {
    const store = frameStore({ done: 0 })
    const seen: number[] = []
    store.subscribe(() => seen.push(store.shown().done))
    for (let done = 1; done <= 50; done += 1) store.set({ done })
    // Not yet shown: the frame has not come.
    expect(store.shown().done).toBe(0)
    expect(store.latest().done).toBe(50)
    await vi.waitFor(() => expect(seen).toEqual([50]))
    store.set({ done: 51 })
    await vi.waitFor(() => expect(seen).toEqual([50, 51]))
    // The timer after the frame finds nothing new to publish.
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(seen).toEqual([50, 51])
  })

  it('publishes in a tab without frames (hidden) within 100 ms', async () => {
    const frame = vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation(() => 0)
    const store = frameStore({ done: 0 })
    store.set({ done: 3 })
    await vi.waitFor(() => expect(store.shown().done).toBe(3), { timeout: 300 })
    frame.mockRestore()
  })
})
