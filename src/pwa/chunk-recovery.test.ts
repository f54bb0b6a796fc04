import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  chunkGone,
  chunkUrl,
  claimChunkReload,
  logCaughtError,
  recoverFromChunkError,
  resetLeaving,
  watchLeaving,
} from './chunk-recovery'

describe('chunk reload policy', () => {
  it('allows one reload per minute', () => {
    const storage = window.sessionStorage
    storage.clear()
    expect(claimChunkReload(1_000_000, storage)).toBe(true)
    expect(claimChunkReload(1_030_000, storage)).toBe(false)
    expect(claimChunkReload(1_059_999, storage)).toBe(false)
    expect(claimChunkReload(1_060_000, storage)).toBe(true)
  })
})

const firefox = new TypeError(
  'error loading dynamically imported module: http://localhost:3000/assets/tasks-Ab12.js',
)
const chromium = new TypeError(
  'Failed to fetch dynamically imported module: http://localhost:3000/assets/tasks-Ab12.js',
)
const webkit = new TypeError('Importing a module script failed.')
const answer = (status: number) => vi.fn(async () => new Response(null, { status }))

describe('a failed chunk', () => {
  beforeEach(() => {
    sessionStorage.clear()
    resetLeaving()
  })
  afterEach(() => resetLeaving())

  it('is named by the URL Chromium and Firefox give, none from WebKit', () => {
    expect(chunkUrl(firefox)).toBe('http://localhost:3000/assets/tasks-Ab12.js')
    expect(chunkUrl(chromium)).toBe('http://localhost:3000/assets/tasks-Ab12.js')
    expect(chunkUrl(new Error('Unable to preload CSS for /assets/app-x1.css'))).toBe(
      `${location.origin}/assets/app-x1.css`,
    )
    expect(chunkUrl(webkit)).toBeUndefined()
  })

  it('is gone only when the server says 404, not when it gives no answer', async () => {
    expect(await chunkGone('http://x/assets/a.js', answer(404))).toBe(true)
    expect(await chunkGone('http://x/assets/a.js', answer(200))).toBe(false)
    const offline = vi.fn(async () => Promise.reject(new TypeError('NetworkError')))
    expect(await chunkGone('http://x/assets/a.js', offline)).toBe(false)
    expect(offline).toHaveBeenCalledWith('http://x/assets/a.js', expect.objectContaining({ method: 'HEAD' }))
  })

  it('reloads the page when the chunk is gone, once a minute', async () => {
    const reload = vi.fn()
    expect(await recoverFromChunkError(firefox, { fetcher: answer(404), reload })).toBe(true)
    expect(await recoverFromChunkError(firefox, { fetcher: answer(404), reload })).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('never reloads when the chunk is still there or the line is down: the error is shown', async () => {
    const reload = vi.fn()
    expect(await recoverFromChunkError(chromium, { fetcher: answer(200), reload })).toBe(false)
    const down = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))
    expect(await recoverFromChunkError(chromium, { fetcher: down, reload })).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })

  it('never replaces a navigation away: import failures while leaving are left alone', async () => {
    vi.useFakeTimers()
    try {
      watchLeaving(window)
      window.dispatchEvent(new Event('beforeunload'))
      const reload = vi.fn()
      const fetcher = answer(404)
      let settled = false
      void recoverFromChunkError(firefox, { fetcher, reload }).then(() => {
        settled = true
      })
      await vi.advanceTimersByTimeAsync(5000)
      expect(fetcher).not.toHaveBeenCalled()
      expect(settled).toBe(false)
      expect(reload).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })

  it("is not logged as the console's error while the page is being left; any other error is", () => {
    const log = vi.fn()
    logCaughtError(firefox, log)
    expect(log).toHaveBeenCalledWith(firefox)
    watchLeaving(window)
    window.dispatchEvent(new Event('beforeunload'))
    const other = new Error('render failed')
    logCaughtError(firefox, log)
    logCaughtError(other, log)
    expect(log.mock.calls).toEqual([[firefox], [other]])
  })

  it('is not a chunk failure when the error is of another kind', async () => {
    const reload = vi.fn()
    expect(await recoverFromChunkError(new Error('500'), { fetcher: answer(404), reload })).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })
})
