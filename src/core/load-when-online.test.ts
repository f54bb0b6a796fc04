import { describe, expect, it, vi } from 'vitest'
import { loadWhenOnline } from './load-when-online'

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/x.js')
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const backOnline = async () => {
  window.dispatchEvent(new Event('online'))
  await settle()
}

describe('code loaded once online', () => {
  it('loads and uses the code at once when it comes', async () => {
    const load = vi.fn(() => Promise.resolve({ name: 'module' }))
    const use = vi.fn()
    loadWhenOnline(load, use)
    await settle()
    expect(load).toHaveBeenCalledTimes(1)
    expect(use).toHaveBeenCalledExactlyOnceWith({ name: 'module' })
    await backOnline()
    expect(load).toHaveBeenCalledTimes(1)
    expect(use).toHaveBeenCalledTimes(1)
  })

  it('tries a failed load again once back online, and uses what comes once', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue('module')
    const use = vi.fn()
    loadWhenOnline(load, use)
    await settle()
    expect(load).toHaveBeenCalledTimes(1)
    expect(use).not.toHaveBeenCalled()
    await backOnline()
    expect(load).toHaveBeenCalledTimes(2)
    expect(use).toHaveBeenCalledExactlyOnceWith('module')
    // Later returns online load nothing more.
    await backOnline()
    await backOnline()
    expect(load).toHaveBeenCalledTimes(2)
    expect(use).toHaveBeenCalledTimes(1)
  })

  it('tries again on the next return online when the load fails again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(chunkError())
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue('module')
    const use = vi.fn()
    loadWhenOnline(load, use)
    await settle()
    await backOnline()
    expect(load).toHaveBeenCalledTimes(2)
    expect(use).not.toHaveBeenCalled()
    await backOnline()
    expect(load).toHaveBeenCalledTimes(3)
    expect(use).toHaveBeenCalledExactlyOnceWith('module')
    await backOnline()
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('once cancelled, neither tries again nor uses what comes', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue('module')
    const use = vi.fn()
    const cancel = loadWhenOnline(load, use)
    await settle()
    cancel()
    await backOnline()
    expect(load).toHaveBeenCalledTimes(1)
    // Cancelled while the code is on its way: it is not used.
    let arrive: (value: string) => void = () => undefined
    const late = vi.fn(() => new Promise<string>((resolve) => (arrive = resolve)))
    const lateUse = vi.fn()
    const cancelLate = loadWhenOnline(late, lateUse)
    cancelLate()
    arrive('module')
    await settle()
    expect(lateUse).not.toHaveBeenCalled()
    expect(use).not.toHaveBeenCalled()
  })

  it('does not load again when using the code fails, nor lets the failure escape', async () => {
    const unhandled = vi.fn()
    window.addEventListener('unhandledrejection', unhandled)
    process.on('unhandledRejection', unhandled)
    try {
      for (const use of [
        vi.fn(() => {
          throw new Error('use threw')
        }),
        vi.fn(() => Promise.reject(new Error('use rejected'))),
      ]) {
        const load = vi.fn(() => Promise.resolve('module'))
        loadWhenOnline(load, use)
        await settle()
        await backOnline()
        expect(load).toHaveBeenCalledTimes(1)
        expect(use).toHaveBeenCalledTimes(1)
      }
      await settle()
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      window.removeEventListener('unhandledrejection', unhandled)
      process.off('unhandledRejection', unhandled)
    }
  })
})
