import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { updateAppBadge } from './app-badge'

/** Cache Storage as the pages and the worker share it: one map of text answers. */
function fakeCaches() {
  const store = new Map<string, string>()
  const cache = {
    match: async (key: string) => (store.has(key) ? new Response(store.get(key)) : undefined),
    put: async (key: string, response: Response) => {
      store.set(key, await response.text())
    },
  }
  return { open: async () => cache }
}

const badge = () => {
  const shown: (number | 'cleared')[] = []
  return {
    shown,
    nav: {
      setAppBadge: vi.fn(async (n?: number) => void shown.push(n ?? 0)),
      clearAppBadge: vi.fn(async () => void shown.push('cleared')),
    } as unknown as Navigator,
  }
}

describe('the app badge', () => {
  beforeEach(() => vi.stubGlobal('caches', fakeCaches()))
  afterEach(() => vi.unstubAllGlobals())

  it('shows waiting changes plus unseen failures, and clears when none is left', async () => {
    const { shown, nav } = badge()
    await updateAppBadge({ waiting: 3 }, nav)
    // Two failed runs pushed while the console is closed: the worker adds them to what waits.
    await updateAppBadge({ failures: 1 }, nav)
    await updateAppBadge({ failures: 1 }, nav)
    // Opened: the failures are seen, one change was sent meanwhile.
    await updateAppBadge({ waiting: 2, failuresSeen: true }, nav)
    await updateAppBadge({ waiting: 0 }, nav)
    // A click on a notification already seen never goes below zero.
    await updateAppBadge({ failures: -1 }, nav)
    expect(shown).toEqual([3, 4, 5, 2, 'cleared', 'cleared'])
  })

  it('takes the count of a page that read it over what the worker added, until the list is seen', async () => {
    const { shown, nav } = badge()
    await updateAppBadge({ waiting: 1 }, nav)
    await updateAppBadge({ failures: 1 }, nav)
    // The home screen counted three failed or late runs since the user last looked (the pushed one among them).
    await updateAppBadge({ failuresNow: 3 }, nav)
    // Waiting changes come and go: the failures stay until their list is looked at.
    await updateAppBadge({ waiting: 0 }, nav)
    await updateAppBadge({ failuresSeen: true }, nav)
    expect(shown).toEqual([1, 2, 4, 3, 'cleared'])
  })

  it('does nothing where the browser has no badge', async () => {
    const open = vi.fn()
    vi.stubGlobal('caches', { open })
    await updateAppBadge({ waiting: 3 }, {} as Navigator)
    expect(open).not.toHaveBeenCalled()
  })
})
