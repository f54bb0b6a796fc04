import type { Browser, BrowserContextOptions, Page } from '@playwright/test'

/** The console as field staff use it, on a 360 px phone with touch. */
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

/**
 * The visible controls of a page smaller than 44×44 px: links, buttons, fields, checkboxes and radios,
 * tabs and summaries. A checkbox or radio counts by its label when the label is its target; a link
 * inside a sentence (a paragraph with more text than the link) is running text and does not count.
 */
export function smallTargets(page: Page, min = 44) {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="menuitem"]',
      '[role="link"]',
    ].join(',')
    const small: string[] = []
    const seen = new Set<Element>()
    const visible = (el: Element) => {
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'none') return false
      if (el.closest('[aria-hidden="true"], [inert]')) return false
      const r = el.getBoundingClientRect()
      return r.width > 1 && r.height > 1
    }
    const label = (el: Element) => {
      const r = el.getBoundingClientRect()
      const name =
        el.getAttribute('aria-label') ||
        (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30) ||
        el.getAttribute('name') ||
        el.getAttribute('type') ||
        ''
      return `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`
    }
    for (const found of document.querySelectorAll(selector)) {
      let el: Element = found
      const input = found as HTMLInputElement
      // A checkbox or radio is hit through its label.
      if (found.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio')) {
        const label = input.labels?.[0]
        if (label) el = label
      }
      if (seen.has(el) || !visible(el)) continue
      seen.add(el)
      if (el.tagName === 'A') {
        const sentence = el.closest('p')
        const own = (el.textContent ?? '').trim().length
        if (sentence && (sentence.textContent ?? '').trim().length > own + 3) continue
      }
      const r = el.getBoundingClientRect()
      if (r.width < min - 0.5 || r.height < min - 0.5) small.push(label(el))
    }
    return small
  }, min)
}

/**
 * Destructive controls ([data-destructive]) closer than `min` px, edge to edge, to another control that
 * is not destructive: a thumb aiming at one could land on the other.
 */
export function crowdedDestructive(page: Page, min = 16) {
  return page.evaluate((min) => {
    const controls = [
      ...document.querySelectorAll('a[href], button, select, input:not([type="hidden"])'),
    ].filter((el) => {
      const r = el.getBoundingClientRect()
      return r.width > 1 && r.height > 1 && !el.closest('[aria-hidden="true"]')
    })
    const gap = (a: DOMRect, b: DOMRect) => {
      const dx = Math.max(0, Math.max(a.left, b.left) - Math.min(a.right, b.right))
      const dy = Math.max(0, Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom))
      return Math.hypot(dx, dy)
    }
    const crowded: string[] = []
    for (const d of controls.filter((el) => el.hasAttribute('data-destructive'))) {
      const box = d.getBoundingClientRect()
      for (const other of controls) {
        if (other === d || other.hasAttribute('data-destructive') || other.contains(d) || d.contains(other))
          continue
        const distance = gap(box, other.getBoundingClientRect())
        if (distance < min)
          crowded.push(
            `"${(d.textContent ?? '').trim().slice(0, 20)}" ${Math.round(distance)} px from "${(other.textContent ?? '').trim().slice(0, 20)}"`,
          )
      }
    }
    return crowded
  }, min)
}
