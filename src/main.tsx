import { QueryClientProvider } from '@tanstack/react-query'
import { persistQueryClient } from '@tanstack/react-query-persist-client'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { logout } from './auth/logout'
import { rememberSessionEnded } from './auth/return-to'
import { startTokenRefresh } from './auth/token-refresh'
import { LOCALE_COOKIE, SHELL_COOKIE, shellCookieValue } from './contract/shell-pages'
import { createRoot } from './core/dom-client'
import {
  beginNotingReads,
  completes,
  dropEarlyRequests,
  endNotingReads,
  forgetReads,
  rememberReads,
  requestScope,
} from './core/early-requests'
import { setUnauthorizedHandler } from './core/http'
import { whenIdle } from './core/idle'
import { isKeyOf } from './core/keys'
import { loadWhenOnline } from './core/load-when-online'
import { checkReachability, startOnlineTracking } from './core/online'
import { queryClient } from './core/query-client'
import { currentScope, environmentSetting, versionSetting } from './core/scope'
import { getSession, onSessionChange, onUserChange, restoreSession, sessionUnreadable } from './core/session'
import { I18nProvider, loadCatalog, loadLaterMessages } from './i18n/i18n-provider'
import { localeSetting } from './i18n/locale'
import { followStream } from './live/follow'
import { firstScreenShown, holdOutboxReadsForFirstScreen } from './outbox/lazy-db'
import {
  CACHE_BUSTER,
  CACHE_MAX_AGE,
  cachePersister,
  hasData,
  saveCacheNow,
  takeInHandovers,
} from './pwa/cache-persister'
import { logCaughtError, startChunkRecovery } from './pwa/chunk-recovery'
import { askPersistenceOnGesture } from './pwa/storage'
import { routeTree } from './routeTree.gen'
import { NotFoundPage, StorageNotAnsweringPage } from './shell/error-pages'
import { forgetPictures, PICTURE_ATTRIBUTE, pictureScope } from './shell/first-screen-picture'
import { registerMenuRoutes } from './shell/menu-items'
import { RouteError } from './shell/route-error'

/** No prefetching on 2g connections or with data saver on. */
function lightData(): boolean {
  const connection = (
    navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
  ).connection
  return connection?.saveData === true || /2g/.test(connection?.effectiveType ?? '')
}

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: lightData() ? false : 'intent',
  // A page's data fetch shows its pending state for at least 200 ms, so it never flickers.
  defaultPendingMinMs: 200,
  defaultNotFoundComponent: NotFoundPage,
  defaultErrorComponent: RouteError,
})

// The menu is the routes that declare an entry.
registerMenuRoutes(Object.values(router.routesById))

// Pictures of screens, and the reads remembered for them, belong to the user who saw them.
onUserChange(() => {
  forgetPictures()
  // A start that finds no one signed in keeps a visitor's public reads (they are no one's).
  forgetReads({ keepAnonymous: getSession() === null })
})

/**
 * A signed-in screen that loaded without error is pictured for the next start, once rendered (when
 * the main thread is idle after it), and again as the page is left, with what it shows by then.
 */
const openedAt = location.pathname + location.search
/** The picture taking's code: loaded once the first screen is shown, which does not wait for it. */
let takePicture: typeof import('./shell/first-screen').takePicture | undefined
function pictureScreen(): boolean {
  if (!takePicture) return false
  const { status, matches } = router.state
  if (!getSession() || status !== 'idle' || matches.some((m) => m.status !== 'success')) return false
  // While data is fetched (a new scope's, say), the screen may still show what it replaces.
  if (location.pathname === '/login' || queryClient.isFetching() > 0) return false
  const { env, version, organizationId } = currentScope()
  // The address the page was opened at shows this screen too, if the console only completed it.
  const opened = openedAt.split('?')[0] === location.pathname ? openedAt : undefined
  const scope = pictureScope(localeSetting.get(), env, version, organizationId)
  takePicture(scope, location.pathname + location.search, opened)
  return true
}
/** Tried a few times after a navigation, until the screen's data has come. */
function pictureSoon(tries = 6) {
  setTimeout(() => whenIdle(() => pictureScreen() || tries <= 1 || pictureSoon(tries - 1)), 300)
}
router.subscribe('onResolved', () => pictureSoon())

/**
 * The reads the first screen's loaders make are remembered for its address, so that the entry script
 * sends them at the next start while the console loads (core/early-requests.ts). Only the page's
 * first load is noted: the shell's own reads, made as it first renders, are not the screen's.
 */
beginNotingReads()
const stopNoting = router.subscribe('onLoad', () => {
  stopNoting()
  const { env, version, organizationId } = currentScope()
  endNotingReads(requestScope(env, version, organizationId))
})
// Remembered for the address opened and for the one the console completes it to (page and limit
// added), which is the address a reload opens.
const stopRemembering = router.subscribe('onResolved', () => {
  const address = location.pathname + location.search
  if (!completes(address, openedAt)) return stopRemembering()
  const failed = router.state.matches.some((m) => m.status !== 'success')
  if (failed || location.pathname === '/login') return
  // A visitor's reads (the public catalog) are remembered as such: sent without a token next time.
  rememberReads([...new Set([address, openedAt])], { anonymous: !getSession() })
})
/** Set once the persisted cache is restored: saving before would overwrite it with an empty cache. */
let cacheRestored = false
function leaving() {
  pictureScreen()
  if (cacheRestored) saveCacheNow(queryClient)
}
window.addEventListener('pagehide', leaving)
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') leaving()
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

const toLogin = () => router.navigate({ to: '/login' })

/** The page's language follows the chosen one; the cookie lets the platform's shell speak it too. */
function applyLocale() {
  const locale = localeSetting.get()
  // Set only when it changes: setting it, even to the same value, restyles the whole page.
  if (document.documentElement.lang !== locale) document.documentElement.lang = locale
  keepCookie(LOCALE_COOKIE, locale)
}

/** A cookie the platform's shell reads: a fixed-form value, for a year, this site only. */
function keepCookie(name: string, value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: older Safari lacks the Cookie Store API
  document.cookie = `${name}=${value}; path=/; max-age=31536000; samesite=strict`
}

/**
 * The scope the platform's shell paints in: a visitor's first product list comes painted into the page
 * only for a visitor, in the environment and version the console will read.
 */
function applyShellCookie() {
  const { env, version } = currentScope()
  keepCookie(SHELL_COOKIE, shellCookieValue({ env, version, signedIn: getSession() !== null }))
}

const FIRST_SCREEN_WAIT_MS = 1000
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The outbox (Dexie) belongs to a signed-in user: its replay and pruning start with the first session,
 * at boot or at a later sign-in, and a visitor never loads Dexie.
 */
function startOutboxWhenSignedIn() {
  let started = false
  const start = () => {
    if (started || !getSession()) return
    started = true
    stop()
    // The replay is fetched here, not with the console: no first screen needs it, a visitor never.
    // Its code not come (offline on a first visit), a change queued meanwhile would wait for a reload.
    loadWhenOnline(
      () => import('./outbox/outbox-sync'),
      ({ startOutboxSync }) =>
        // A settled change refreshes every cached list and detail of its resource family.
        startOutboxSync(
          (resource) =>
            void queryClient.invalidateQueries({ predicate: (q) => isKeyOf(q.queryKey, resource) }),
        ),
    )
    // Loaded here, not with the console: a visitor's first screen never needs the outbox, nor a
    // list's first rows. A change queued offline later finds it here (outbox/queue-later.ts).
    loadWhenOnline(
      () => import('./outbox/outbox'),
      ({ pruneReplaced }) => pruneReplaced(),
    )
  }
  const stop = onSessionChange(() => whenIdle(start))
  start()
}

/**
 * The first screen is shown once it is rendered and its data is in (nothing fetching, looked at a few
 * times while the main thread is idle): the outbox's readers then load Dexie, and its replay starts.
 */
function afterFirstScreen(then: () => void) {
  let done = false
  const finish = () => {
    if (done) return
    done = true
    stop()
    then()
  }
  // Three times in a row: data that has just come is rendered next, in slices the idle time falls
  // between, and a screen's reads can follow one another (its permissions after the organization's).
  const look = (tries: number, quiet = 0) =>
    setTimeout(
      () =>
        whenIdle(() => {
          const now = queryClient.isFetching() === 0 ? quiet + 1 : 0
          if (now >= 3 || tries <= 1) finish()
          else look(tries - 1, now)
        }),
      100,
    )
  const stop = router.subscribe('onRendered', () => look(20))
  // A first screen that never renders (its chunk failed) holds nothing back for long.
  setTimeout(finish, 5000)
}

/**
 * The live stream (changes pushed by the platform) starts once the first screen is shown, in its own
 * chunk, for a signed-in user: it adds nothing to the first screen's bytes, and a visitor never loads it.
 */
function startLiveWhenSignedIn() {
  let started = false
  const start = () => {
    if (started || !getSession()) return
    started = true
    stop()
    loadWhenOnline(
      () => import('./live/start'),
      ({ startLive }) => startLive(queryClient),
    )
  }
  const stop = onSessionChange(() => whenIdle(start))
  start()
}

async function boot() {
  // Before any screen's query exists: what the live stream keeps current is not refetched on
  // reconnecting while it runs.
  followStream(queryClient)
  // Marks of the boot's steps, for a trace of a start (the bench reads them).
  performance.mark('orchestrator:boot')
  holdOutboxReadsForFirstScreen()
  applyLocale()
  localeSetting.subscribe(applyLocale)
  // onlineManager starts online; tell it the truth before the first query runs.
  startOnlineTracking()
  void checkReachability()
  startChunkRecovery()
  // The first screen's route chunks load while the session, the cache and the catalog are read.
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = router.routesById[match.routeId as keyof typeof router.routesById]
    void router.loadRouteChunk(route)?.catch(() => undefined)
  }
  // The cache is restored before any loader runs: a fetch started on an empty cache would,
  // when cancelled offline, revert the restored data to nothing.
  performance.mark('orchestrator:cache-restore-start')
  const [, restored] = persistQueryClient({
    queryClient,
    persister: cachePersister,
    maxAge: CACHE_MAX_AGE,
    buster: CACHE_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: hasData },
  })
  await Promise.all([
    restoreSession().then(() => performance.mark('orchestrator:session-restored')),
    restored
      .then(() => {
        cacheRestored = true
        performance.mark('orchestrator:cache-restored')
        // What was restored shows at once, and each screen asks the platform again as it opens: the
        // snapshot can be older than it looks (its writes are throttled, a reload can beat the last).
        void queryClient.invalidateQueries({ refetchType: 'none' })
      })
      .catch(() => undefined),
    loadCatalog(localeSetting.get(), location.pathname).then(() =>
      performance.mark('orchestrator:messages-loaded'),
    ),
  ])
  if (sessionUnreadable()) return showStorageNotAnswering()
  // Once both are in: what a page left for this one handed over is taken in as its user's.
  if (cacheRestored) takeInHandovers(queryClient)
  applyShellCookie()
  onSessionChange(applyShellCookie)
  environmentSetting.subscribe(applyShellCookie)
  versionSetting.subscribe(applyShellCookie)
  // A 401 ends the session locally; the provider session is left alone so signing in again is quick.
  setUnauthorizedHandler(() => {
    rememberSessionEnded(location.pathname + location.search)
    void logout(toLogin, { endProviderSession: false })
  })
  askPersistenceOnGesture(() => getSession() !== null)
  startTokenRefresh(() => {
    rememberSessionEnded(location.pathname + location.search)
    void logout(toLogin, { endProviderSession: false })
  })

  const root = document.getElementById('root')
  if (!root) throw new Error('The page has no #root element')
  // The first screen's route chunk and loaders are in before React starts, so the first render has
  // nothing to wait for and runs in a transition, in slices that yield to the browser (under the
  // picture of the last screen, in one task: below). Rendered while they load, it would suspend, and
  // the router's update when they arrive would render the whole console in one task (a store update
  // is never sliced). A slow platform does not hold the console back past 1 s: the route's pending
  // screen shows then. The static frame stays on screen meanwhile.
  performance.mark('orchestrator:first-load-start')
  const firstLoad = router.load().then(() => true)
  const loaded = await Promise.race([firstLoad, delay(FIRST_SCREEN_WAIT_MS).then(() => false)]).catch(
    () => false,
  )
  performance.mark('orchestrator:render-start')
  const reactRoot = createRoot(root, { onCaughtError: (error) => logCaughtError(error) })
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nProvider>
          <RouterProvider router={router} />
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>
  )
  // Under the picture of the last screen (inert: nothing on it takes input), slices gain nothing: the
  // first render is a default update, which React renders in one task, 5-15 ms sooner than sliced (the
  // answers that come meanwhile queue their work between the slices). Only once the screen's chunk and
  // loaders are in: a render that suspended would show the route's pending screen in place of the
  // picture at once. On the static frame or the platform's picture (a first visit, which Lighthouse
  // times), it yields.
  if (loaded && root.querySelector(`[${PICTURE_ATTRIBUTE}]`)) reactRoot.render(app)
  else startTransition(() => reactRoot.render(app))
  afterFirstScreen(() => {
    // The entry script's early reads the first screen did not adopt are of no use any more. Not
    // dropped when the loaders end: a list restored from the cache is shown without a loader read,
    // and its refetch, as the list mounts, is what adopts the early read.
    dropEarlyRequests()
    firstScreenShown()
    // The messages of what loads on demand (dialogs, the failure texts): in before that code is wanted.
    void loadLaterMessages()
    // Then the screen is pictured for the next start.
    void import('./shell/first-screen').then(
      (pictures) => {
        takePicture = pictures.takePicture
        pictureSoon()
      },
      () => undefined,
    )
    // The service worker is not the first screen's business: registered now, its downloads do not
    // compete with that screen's. A console left open then looks for a new version as the user
    // moves on (at most once a minute).
    // Its code not come (offline, no worker yet to keep it), it is tried again once back online.
    loadWhenOnline(
      () => import('./pwa/sw-registration'),
      ({ checkForUpdateOnNavigation, registerServiceWorker }) => {
        router.subscribe('onResolved', checkForUpdateOnNavigation)
        return registerServiceWorker()
      },
    )
    startOutboxWhenSignedIn()
    // The stream's code is fetched once the first screen is shown, not before its first row. What
    // changed since that screen was read still reaches it: the stream replays from the position the
    // screen's answers held (or the device's last), and a stream that has none asks again what is
    // shown and stale, or kept current by the stream.
    startLiveWhenSignedIn()
  })
}

/** The boot could not read the session: the page says so instead of routing a signed-in user to sign in. */
function showStorageNotAnswering() {
  const root = document.getElementById('root')
  if (!root) throw new Error('The page has no #root element')
  createRoot(root).render(
    <StrictMode>
      <I18nProvider>
        <StorageNotAnsweringPage />
      </I18nProvider>
    </StrictMode>,
  )
}

void boot()
