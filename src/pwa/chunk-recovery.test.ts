import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  chunkState,
  chunkUrl,
  claimChunkReload,
  keepInputBeforeReload,
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
/** A browser that keeps failed modules (Firefox), the server answering `fetcher`, importing through `importer`. */
const keepingFailures = (importer: (url: string) => Promise<boolean>, fetcher = answer(200)) => ({
  fetcher,
  keepsFailed: () => true,
  importer,
})

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

  it('is gone only when the server says 404, there when it has it, unknown when it gives no answer', async () => {
    expect(await chunkState('http://x/assets/a.js', answer(404))).toBe('gone')
    expect(await chunkState('http://x/assets/a.js', answer(200))).toBe('there')
    expect(await chunkState('http://x/assets/a.js', answer(503))).toBe('unknown')
    const offline = vi.fn(async () => Promise.reject(new TypeError('NetworkError')))
    expect(await chunkState('http://x/assets/a.js', offline)).toBe('unknown')
    expect(offline).toHaveBeenCalledWith('http://x/assets/a.js', expect.objectContaining({ method: 'HEAD' }))
  })

  it('reloads the page when the chunk is gone, once a minute', async () => {
    const reload = vi.fn()
    expect(await recoverFromChunkError(firefox, { fetcher: answer(404), reload })).toBe(true)
    expect(await recoverFromChunkError(firefox, { fetcher: answer(404), reload })).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('never reloads when the chunk is there in a browser that asks again, or the line is down', async () => {
    const reload = vi.fn()
    // Chromium and WebKit fetch a module that failed again when it is imported again: a chunk the
    // server has that still fails there is one whose own imports cannot come yet.
    const importer = vi.fn(async () => true)
    const keepsFailed = () => false
    expect(
      await recoverFromChunkError(chromium, { fetcher: answer(200), reload, keepsFailed, importer }),
    ).toBe(false)
    // Firefox, where importing it again now works: nothing kept it failed.
    const importsAgain = vi.fn(async () => false)
    expect(await recoverFromChunkError(firefox, { ...keepingFailures(importsAgain), reload })).toBe(false)
    expect(importsAgain).toHaveBeenCalledWith('http://localhost:3000/assets/tasks-Ab12.js')
    const down = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))
    expect(await recoverFromChunkError(firefox, { ...keepingFailures(importer, down), reload })).toBe(false)
    // Offline, nothing is tried: a reload would show the browser's own offline page.
    expect(importer).not.toHaveBeenCalled()
    expect(reload).not.toHaveBeenCalled()
  })

  it('reloads, once the input is kept, when the server has the chunk but the page keeps it failed (Firefox)', async () => {
    const reload = vi.fn()
    const keptFailed = vi.fn(async () => true)
    expect(await recoverFromChunkError(firefox, { ...keepingFailures(keptFailed), reload })).toBe(true)
    expect(keptFailed).toHaveBeenCalledWith('http://localhost:3000/assets/tasks-Ab12.js')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('is imported again only when it is a script: a style sheet is not a module', async () => {
    const reload = vi.fn()
    const importer = vi.fn(async () => true)
    const css = new Error('Unable to preload CSS for /assets/app-x1.css')
    expect(await recoverFromChunkError(css, { ...keepingFailures(importer), reload })).toBe(false)
    expect(importer).not.toHaveBeenCalled()
    expect(reload).not.toHaveBeenCalled()
  })

  it('holds the reload while a form holds input a reload would lose: the error is shown', async () => {
    const reload = vi.fn()
    const keep = vi.fn(async () => false)
    keepInputBeforeReload(keep)
    try {
      const failsAgain = keepingFailures(async () => true)
      expect(await recoverFromChunkError(firefox, { ...failsAgain, reload })).toBe(false)
      expect(await recoverFromChunkError(firefox, { fetcher: answer(404), reload })).toBe(false)
      expect(keep).toHaveBeenCalledTimes(2)
      expect(reload).not.toHaveBeenCalled()
      // Nothing claimed: once the input is saved, the next failure reloads.
      keepInputBeforeReload(async () => true)
      expect(await recoverFromChunkError(firefox, { fetcher: answer(404), reload })).toBe(true)
    } finally {
      keepInputBeforeReload(async () => true)
    }
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
