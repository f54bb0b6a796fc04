import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyStoredLanguage, guardBrowserLocale, isLocaleTag } from './browser-locale'

/** A browser on a machine whose system locale is C reports it as its language. */
function reportC() {
  Object.defineProperty(navigator, 'language', { configurable: true, value: 'C' })
  Object.defineProperty(navigator, 'languages', { configurable: true, value: ['C'] })
}

describe('a browser language that is no tag', () => {
  afterEach(() => {
    // The own properties go: the navigator reports what jsdom does again.
    Reflect.deleteProperty(navigator, 'language')
    Reflect.deleteProperty(navigator, 'languages')
    vi.unstubAllGlobals()
  })

  it('tells tags from the system locale names', () => {
    expect(isLocaleTag('fi')).toBe(true)
    expect(isLocaleTag('en-GB')).toBe(true)
    expect(isLocaleTag('C')).toBe(false)
    expect(isLocaleTag('en_US.UTF-8')).toBe(false)
    expect(isLocaleTag('')).toBe(false)
  })

  it('is replaced by the console language, so the chart library loads and formats', async () => {
    reportC()
    // jsdom has no matchMedia, which uPlot reads as it loads (for the pixel ratio).
    const query = { matches: false, addEventListener: () => {}, removeEventListener: () => {} }
    vi.stubGlobal('matchMedia', () => query)
    expect(() => new Intl.NumberFormat(navigator.language)).toThrow(RangeError)
    guardBrowserLocale(() => 'fi')
    expect(navigator.language).toBe('fi')
    expect(navigator.languages).toEqual(['fi'])
    // uPlot makes its number format from navigator.language as it loads: it would throw on 'C'.
    const uPlot = (await import('uplot')).default
    expect(uPlot.fmtNum(1234.5)).toBe(new Intl.NumberFormat('fi').format(1234.5))
  })

  it('leaves a valid browser language alone', () => {
    Object.defineProperty(navigator, 'language', { configurable: true, value: 'en-GB' })
    guardBrowserLocale(() => 'fi')
    expect(navigator.language).toBe('en-GB')
  })
})

describe("the page's language before the console boots", () => {
  afterEach(() => {
    localStorage.removeItem('locale')
    document.documentElement.lang = 'fi'
  })

  it('is the stored choice, so the page is not restyled when the console sets it', () => {
    document.documentElement.lang = 'fi'
    localStorage.setItem('locale', 'en')
    applyStoredLanguage()
    expect(document.documentElement.lang).toBe('en')
  })

  it("stays the page's own with nothing stored or a value the console does not speak", () => {
    document.documentElement.lang = 'fi'
    applyStoredLanguage()
    expect(document.documentElement.lang).toBe('fi')
    localStorage.setItem('locale', 'sv')
    applyStoredLanguage()
    expect(document.documentElement.lang).toBe('fi')
  })

  it('stays when storage cannot be read', () => {
    const read = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    document.documentElement.lang = 'fi'
    expect(() => applyStoredLanguage()).not.toThrow()
    expect(document.documentElement.lang).toBe('fi')
    read.mockRestore()
  })
})
