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
