const KEY = 'chunk-reload-at'
const WINDOW_MS = 60_000
const CHECK_TIMEOUT_MS = 5000

/** True when a reload is allowed now: a failed chunk reloads the page at most once per minute. */
export function claimChunkReload(now = Date.now(), storage: Storage = sessionStorage): boolean {
  const last = Number(storage.getItem(KEY) ?? 0)
  if (now - last < WINDOW_MS) return false
  storage.setItem(KEY, String(now))
  return true
}

/**
 * Set once the page is being left. Firefox (and at times WebKit) rejects the dynamic imports still
 * loading when the user navigates away: those failures say nothing about the chunks, and a reload
 * then would replace the page the user is going to with the one being left.
 */
let leaving = false
let watching = false
let stayTimer: ReturnType<typeof setTimeout> | undefined
const stayWaiters = new Set<() => void>()
/** A page still here this long after a navigation away began was not left (cancelled, a download). */
const LEAVE_GRACE_MS = 10_000

function stay() {
  clearTimeout(stayTimer)
  leaving = false
  for (const resume of stayWaiters) resume()
  stayWaiters.clear()
}

function leave() {
  leaving = true
  clearTimeout(stayTimer)
  stayTimer = setTimeout(stay, LEAVE_GRACE_MS)
}

/** Notes that the page is being left, from the first sign of a navigation away on. */
export function watchLeaving(target: Window = window) {
  if (watching) return
  watching = true
  target.addEventListener('beforeunload', leave)
  target.addEventListener('pagehide', leave)
  // A page restored from the back-forward cache is not being left any more.
  target.addEventListener('pageshow', (event) => {
    if (event.persisted) stay()
  })
  // The Navigation API says it first, and only of a navigation to another document.
  const navigation = (target as Window & { navigation?: EventTarget }).navigation
  navigation?.addEventListener('navigate', (event) => {
    const destination = (event as Event & { destination?: { sameDocument?: boolean } }).destination
    if (destination?.sameDocument === false) leave()
  })
}

/** Resolves once the page is known not to be left (at once when no navigation away is under way). */
function stayed(): Promise<void> {
  if (!leaving) return Promise.resolve()
  return new Promise((resolve) => stayWaiters.add(resolve))
}

/** For tests: the page is not being left. */
export function resetLeaving() {
  stay()
}

/**
 * React's report of an error a boundary caught (its `onCaughtError`): a chunk that failed while the
 * page is being left was cancelled with the page by the browser (Firefox does so), which is not an
 * error of the console, and is not logged. Anything else is logged as React would.
 */
export function logCaughtError(error: unknown, log: (error: unknown) => void = console.error) {
  if (leaving && isChunkError(error)) return
  log(error)
}

const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i

/** A route's chunk that could not be fetched, however the import was made. */
export function isChunkError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message)
}

/** The script or style sheet a chunk error names, if it does (Chromium and Firefox do, WebKit does not). */
export function chunkUrl(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined
  const match = /((?:https?:\/\/[^\s'"]+|\/[^\s'"]+)\.(?:m?js|css))/.exec(error.message)
  if (!match?.[1]) return undefined
  try {
    return new URL(match[1], location.href).href
  } catch {
    return undefined
  }
}

/** What the server says of a chunk: gone (a deploy replaced it), there, or nothing (no answer). */
export type ChunkState = 'gone' | 'there' | 'unknown'

/**
 * Whether the chunk is really gone from the server (a deploy replaced it), asked of the server itself
 * past any cache. No answer (offline, or the page is being left and its requests cancelled) is not
 * "gone": a reload would then show nothing better. Without a URL (WebKit's message names none), the
 * console's own page answering stands for "the server is there and the build may have changed".
 */
export async function chunkState(
  url: string | undefined,
  fetcher: typeof fetch = fetch,
): Promise<ChunkState> {
  try {
    const response = await fetcher(url ?? '/', {
      method: url ? 'HEAD' : 'GET',
      cache: 'no-store',
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    })
    if (url ? response.status === 404 || response.status === 410 : response.ok) return 'gone'
    return response.ok ? 'there' : 'unknown'
  } catch {
    return 'unknown'
  }
}

/**
 * Firefox keeps a module that failed to load as failed for the page's life: importing it again fails at
 * once, without asking the server, even once the server has it. Chromium and WebKit fetch it again, so
 * there a failure that is not a gone chunk is the connection's, and asking again is the way. Told by
 * Gecko's own CSS property: no error says which it was.
 */
const keepsFailedModules = () => typeof CSS !== 'undefined' && CSS.supports('-moz-appearance', 'none')

/** Whether importing a chunk the server has still fails in this page: then it comes only with a reload. */
const failsForThisPage = (url: string) =>
  import(/* @vite-ignore */ url).then(
    () => false,
    () => true,
  )

/**
 * What a reload must keep first: every open form's unsaved input, as drafts (`pwa/unsaved.ts` says how,
 * once forms are loaded). Resolves true when nothing is left that a reload would lose.
 */
let keepInput: () => Promise<boolean> = async () => true
export function keepInputBeforeReload(keep: () => Promise<boolean>) {
  keepInput = keep
}

const checks = new Map<string, Promise<boolean>>()

/**
 * A failed chunk reloads the page at most once a minute, and only when the page is not being left, the
 * chunk cannot come without a reload (gone from the server, or kept failed by the browser) and every
 * form's input is kept as a draft; the outbox is in IndexedDB too, so nothing is lost. Resolves true
 * while the page reloads, false when the error should be shown; while the page is being left it waits.
 */
export function recoverFromChunkError(
  error: unknown,
  {
    fetcher = fetch,
    reload = () => location.reload(),
    keepsFailed = keepsFailedModules,
    importer = failsForThisPage,
  }: {
    fetcher?: typeof fetch
    reload?: () => void
    keepsFailed?: () => boolean
    importer?: (url: string) => Promise<boolean>
  } = {},
): Promise<boolean> {
  if (!isChunkError(error)) return Promise.resolve(false)
  const url = chunkUrl(error)
  const key = url ?? (error as Error).message
  let check = checks.get(key)
  if (!check) {
    check = (async () => {
      await stayed()
      const state = await chunkState(url, fetcher)
      // A chunk imported again (a script, not a style sheet) only where the browser keeps it failed: in
      // Chromium a chunk that imports again still failing is one whose own imports cannot come yet.
      const kept = url !== undefined && /\.m?js$/.test(url) && keepsFailed()
      const lost = state === 'gone' || (state === 'there' && kept && (await importer(url)))
      const inputKept = lost && (await keepInput())
      // The check itself may have been cut short by a navigation that began meanwhile.
      if (leaving) {
        await stayed()
        return false
      }
      if (!inputKept || !claimChunkReload()) return false
      reload()
      return true
    })()
    checks.set(key, check)
    // A later failure of the same chunk is checked again.
    void check.finally(() => checks.delete(key))
  }
  return check
}

/**
 * A failed script or CSS chunk is recovered from (see recoverFromChunkError). The error still reaches
 * whoever imported it: a route's error page waits for the same check and shows only if it says no.
 */
export function startChunkRecovery() {
  watchLeaving()
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload
    // TanStack Router reloads once per message on its own; we own the policy, so tell it it has.
    if (error instanceof Error) sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1')
    void recoverFromChunkError(error)
  })
}
