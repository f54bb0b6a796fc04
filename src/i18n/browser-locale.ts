import { isLocale } from './locales'

/** True for a language tag `Intl` accepts ('fi', 'en-GB'); false for 'C', 'POSIX', 'en_US.UTF-8', ''. */
export function isLocaleTag(tag: unknown): tag is string {
  try {
    return typeof tag === 'string' && Intl.getCanonicalLocales(tag).length > 0
  } catch {
    return false
  }
}

/**
 * The console formats with its chosen language, never the browser's tag; some libraries read
 * `navigator.language` themselves (uPlot makes its number format from it as it loads). On a machine
 * whose system locale is `C` the browser may report that, which is no tag and makes `Intl` throw:
 * such a navigator reports the console's language instead.
 */
export function guardBrowserLocale(consoleLocale: () => string, nav: Navigator = navigator) {
  if (isLocaleTag(nav.language)) return
  const language = () => {
    const locale = consoleLocale()
    return isLocaleTag(locale) ? locale : 'en'
  }
  Object.defineProperty(nav, 'language', { configurable: true, get: language })
  Object.defineProperty(nav, 'languages', { configurable: true, get: () => Object.freeze([language()]) })
}

/**
 * The page's language is the console's stored choice from the start: the page a service worker
 * serves is the build's, in Finnish, and the console setting it only as it boots made the browser
 * restyle the whole picture of the last screen then (~10 ms), and the entry ready the wrong
 * language's Intl data. Unreadable storage or an unknown value leave the page's own language.
 */
export function applyStoredLanguage(doc: Document = document): void {
  try {
    const stored = localStorage.getItem('locale')
    if (stored && isLocale(stored) && doc.documentElement.lang !== stored) doc.documentElement.lang = stored
  } catch {
    // Storage refused (a privacy mode): the page's language stays.
  }
}
