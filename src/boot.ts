import { openBootEarly } from './core/boot-open'
import { startEarlyRequests } from './core/early-requests'
import { applyStoredLanguage, guardBrowserLocale } from './i18n/browser-locale'
import { recoverFromChunkError, watchLeaving } from './pwa/chunk-recovery'
import { keepControllerChanges } from './pwa/controller-change'
import { keepInstallOffers } from './pwa/install-offer'
import { paintPicture } from './shell/first-screen-picture'
import { preloadChunks } from './shell/preload'
import './styles.css'

// The session and the cached data are read from IndexedDB before the console's first render: the
// database opens now, while the code downloads, not once the console runs.
openBootEarly()
// The page speaks the stored language before anything is painted or formatted.
applyStoredLanguage()
// A browser that reports the system's `C` locale as its language would make libraries' Intl throw.
guardBrowserLocale(() => document.documentElement.lang || 'fi')
// From the start, a navigation away is told from a chunk that is gone (both fail imports).
watchLeaving()
// The browser's install offer is kept from the start: the install control loads after the first screen.
keepInstallOffers()
// So is a new version taking control while the console loads: the update code loads after it too.
keepControllerChanges()
// The last picture of this screen, if there is one for the current scope, before anything loads.
const pictured = paintPicture(document.getElementById('root'))
// The screen's first reads (the console adopts their answers when it asks) and the console's and
// this screen's chunks. Under a picture, in a task of their own: reading the session for the reads and
// adding some twenty preload links take the main thread 10-20 ms, which would otherwise delay the
// picture's first frame. The console is started in that task too: a screen pictured was seen before,
// so its chunks come from the service worker's cache in some 25 ms, and waiting for another frame
// and its task (as below) only left the main thread idle while they were in (30-40 ms of the start
// to the console's own first row). With no picture (a first visit) nothing waits for them: the
// chunks are what the screen waits for, and the browser's first frame, which the task would wait
// behind, only shows the static frame.
// The chunks are asked for first: a server that answers the reads in its own process (the embedded
// platform's database runs on its one thread) otherwise sent the chunks only after the reads' queries,
// 15-45 ms later on a cold start.
const early = () => {
  preloadChunks()
  startEarlyRequests()
}
if (pictured)
  setTimeout(() => {
    early()
    start()
  }, 0)
else early()

/**
 * The entry: index.html's static frame (with the screen's heading, filled in by the platform) paints
 * first, then the console is run (its chunks were preloaded above). Running it only after that paint
 * keeps its start-up from delaying what the user sees first; a hidden page starts at once, and a
 * pictured one after the picture's first frame (above).
 */
let started = false
function start() {
  if (started) return
  started = true
  // React DOM is fetched alongside the console but arrives first, so the browser runs it in a task of
  // its own: start-up is two shorter tasks instead of one long one.
  void import('./core/dom-client').catch(() => undefined)
  // The console's chunk failed: reloaded if it is really gone (a deploy replaced it), as any chunk.
  import('./main').catch((error: unknown) => void recoverFromChunkError(error))
  // The first use of Intl in a page loads ICU's data: 20-35 ms on a two-core desktop, once per renderer
  // process (a service worker's use does not carry over to the page; a dedicated worker's does, but it
  // competes for the same cores). Made here, in a task of its own while the chunks come, the console's
  // first formatting (react-intl asks Intl when it starts) finds it done. Not free: a chunk that comes
  // meanwhile waits for it. Moved into a worker, the console's own first row came no sooner.
  setTimeout(() => {
    const locale = document.documentElement.lang || 'fi'
    Intl.NumberFormat.supportedLocalesOf(locale)
    Intl.DateTimeFormat.supportedLocalesOf(locale)
  }, 0)
}

if (document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(start, 0))
  document.addEventListener('visibilitychange', start, { once: true })
} else {
  start()
}
