import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { askPersistenceOnGesture, isQuotaError, requestPersistentStorage } from './storage'

describe('full storage detection', () => {
  it('knows the quota errors of IndexedDB and of Dexie', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true)
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true)
    expect(isQuotaError(new Error('other'))).toBe(false)
    expect(isQuotaError(null)).toBe(false)
  })
})

describe('persistent storage', () => {
  const persist = vi.fn(async () => true)
  beforeEach(() => {
    localStorage.clear()
    persist.mockClear()
    vi.stubGlobal('navigator', { ...navigator, storage: { persist, persisted: async () => false } })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('is asked at most once a week', async () => {
    await requestPersistentStorage(1_000_000)
    await requestPersistentStorage(1_000_000 + 24 * 60 * 60 * 1000)
    expect(persist).toHaveBeenCalledTimes(1)
    await requestPersistentStorage(1_000_000 + 8 * 24 * 60 * 60 * 1000)
    expect(persist).toHaveBeenCalledTimes(2)
  })

  it('is asked at the first gesture of a signed-in user, not on the login page nor before', async () => {
    let signedIn = false
    const stop = askPersistenceOnGesture(() => signedIn)
    try {
      window.dispatchEvent(new Event('pointerdown'))
      await Promise.resolve()
      expect(persist).not.toHaveBeenCalled()
      signedIn = true
      window.dispatchEvent(new Event('keydown'))
      await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1))
      window.dispatchEvent(new Event('pointerdown'))
      await Promise.resolve()
      expect(persist).toHaveBeenCalledTimes(1)
    } finally {
      stop()
    }
  })
})
