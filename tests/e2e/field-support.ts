import type { Browser, BrowserContextOptions, Page } from '@playwright/test'

/** Issue 21: the console as field staff use it, on a 360 px phone with touch. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
}

export async function phoneContext(browser: Browser, options: BrowserContextOptions = {}) {
  return browser.newContext({ ...PHONE, ...options })
}

/** Uncaught errors and console errors of a page, as they come. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  return errors
}

/** mulberry32: a seeded random source, so a flaky line drops the same requests on every run. */
export function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface FlakyLine {
  /** Requests dropped and delayed so far. */
  dropped: number
  delayed: number
  seen: number
  stop: () => Promise<void>
}

/**
 * A flaky line for the platform's API (page.route, so the service worker must be kept out): drops a
 * share of the requests and delays the others by up to `maxDelayMs`, from a seeded random source.
 */
export async function flakyLine(
  page: Page,
  {
    dropRate = 0.3,
    maxDelayMs = 2000,
    seed = 21,
  }: { dropRate?: number; maxDelayMs?: number; seed?: number } = {},
): Promise<FlakyLine> {
  const random = prng(seed)
  const line: FlakyLine = { dropped: 0, delayed: 0, seen: 0, stop: async () => {} }
  let stopped = false
  const handler = async (route: import('@playwright/test').Route) => {
    line.seen += 1
    const delay = Math.round(random() * maxDelayMs)
    const drop = random() < dropRate
    if (delay > 0) {
      line.delayed += 1
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
    if (stopped) return route.continue().catch(() => undefined)
    if (drop) {
      line.dropped += 1
      return route.abort('connectionreset').catch(() => undefined)
    }
    return route.continue().catch(() => undefined)
  }
  await page.route('**/api/**', handler)
  line.stop = async () => {
    stopped = true
    await page.unroute('**/api/**', handler)
  }
  return line
}
