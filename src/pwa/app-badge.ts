// PWA layer: the app's badge (Badging API, where the browser has it). Imports nothing.

/**
 * The installed app's badge counts the changes waiting in the outbox plus the failed runs pushed to
 * this device that no one has seen yet. Both counts are kept in Cache Storage, which the pages and the
 * service worker share: a page writes the waiting count, the worker adds a failure on a push.
 */
const CACHE = 'orchestrator-badge'
const WAITING = '/__badge/waiting'
const FAILURES = '/__badge/failures'

type BadgeNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>
  clearAppBadge?: () => Promise<void>
}

async function read(cache: Cache, key: string): Promise<number> {
  const stored = await cache.match(key)
  return stored ? Math.max(0, Number(await stored.text()) || 0) : 0
}

async function show(nav: BadgeNavigator, count: number) {
  if (count > 0) await nav.setAppBadge?.(count)
  else await nav.clearAppBadge?.()
}

/**
 * Changes the kept counts (a new waiting count, failures added, counted anew, or seen) and shows their
 * sum. `failuresNow` is the count of failed and late runs since the user last looked, as a page that
 * read it knows it: it replaces what the worker added meanwhile. Does nothing where there is no badge.
 */
/** Failures seen: none; counted anew by a page: that count; else those kept, with the new ones added. */
async function failuresAfter(
  change: { failures?: number; failuresNow?: number; failuresSeen?: boolean },
  cache: Cache,
): Promise<number> {
  if (change.failuresSeen) return 0
  if (change.failuresNow !== undefined) return Math.max(0, change.failuresNow)
  return Math.max(0, (await read(cache, FAILURES)) + (change.failures ?? 0))
}

export async function updateAppBadge(
  change: { waiting?: number; failures?: number; failuresNow?: number; failuresSeen?: boolean },
  nav: BadgeNavigator = (globalThis as { navigator: BadgeNavigator }).navigator,
) {
  if (typeof nav?.setAppBadge !== 'function' || typeof caches === 'undefined') return
  try {
    const cache = await caches.open(CACHE)
    const waiting = change.waiting ?? (await read(cache, WAITING))
    const failures = await failuresAfter(change, cache)
    await cache.put(WAITING, new Response(String(waiting)))
    await cache.put(FAILURES, new Response(String(failures)))
    await show(nav, waiting + failures)
  } catch {
    // A badge is a hint: a full or refused storage leaves it as it was.
  }
}
