import type { Page } from '@playwright/test'
import { expect, signInAs, test } from './fixtures'

// A new visitor's /products comes with the platform's picture of the list painted into the page
// (server/products-picture.ts): rows before any script has run, which cannot be used or read out, and
// which the console replaces with its own without anything moving, at a phone's width and a desktop's.

/** Where the heading, the table's head, each row (by its product) and the pages sit. */
type Layout = { what: string; box: string }[]
type Noted = Window & {
  layoutOf: (scope: string) => Layout
  picture: Layout
  pictureFacts: { inert?: boolean; hidden?: string | null; fetched?: string | null }
}

/**
 * The picture's layout, taken as soon as the page is parsed (before the console's script runs), and
 * `layoutOf` for the console's. In the init script: the console's CSP allows no `eval` to pass it in.
 */
async function notePicture(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Noted
    w.layoutOf = (scope) => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect()
        return [r.x, r.y, r.width, r.height].map(Math.round).join(',')
      }
      const within = document.querySelector(scope)
      if (!within) return []
      return [
        ...[...within.querySelectorAll('h1, thead, nav.mt-4')].map((el) => ({
          what: el.tagName,
          box: box(el),
        })),
        ...[...within.querySelectorAll('[data-testid="catalog-row"]')].map((el) => ({
          what: el.querySelector('a')?.getAttribute('href') ?? '?',
          box: box(el),
        })),
      ]
    }
    document.addEventListener('DOMContentLoaded', () => {
      const frame = document.querySelector('[data-static-frame]')
      w.picture = w.layoutOf('[data-static-frame]')
      w.pictureFacts = {
        inert: frame?.hasAttribute('inert'),
        hidden: frame?.getAttribute('aria-hidden'),
        fetched: frame?.querySelector('[data-testid="fetched-at"]')?.textContent,
      }
    })
  })
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } })

    test("a visitor's first /products: the platform's rows first, then the console's in the same place", async ({
      page,
    }) => {
      await page.addInitScript(() => localStorage.getItem('locale') || localStorage.setItem('locale', 'en'))
      await page.context().addCookies([{ name: 'locale', value: 'en', url: test.info().project.use.baseURL }])
      await notePicture(page)
      // The list may change under parallel tests between the platform's answer and the console's:
      // the two are compared when they list the same products.
      let compared = false
      for (let attempt = 0; attempt < 4 && !compared; attempt += 1) {
        await page.goto('/products')
        const own = page.locator('#root > :not([data-static-frame]) [data-testid="catalog-row"]')
        await expect(own.first()).toBeVisible()
        await expect(page.getByTestId('fetched-at')).toBeVisible()
        const {
          picture,
          pictureFacts,
          own: drawn,
        } = await page.evaluate(() => {
          const w = window as unknown as Noted
          return {
            picture: w.picture,
            pictureFacts: w.pictureFacts,
            own: w.layoutOf('#root > :not([data-static-frame])'),
          }
        })
        expect(pictureFacts.inert).toBe(true)
        expect(pictureFacts.hidden).toBe('true')
        // When the picture's data was fetched, in the platform's time zone, since it cannot know the visitor's.
        expect(pictureFacts.fetched).toMatch(/^Fetched today at \d\d:\d\d (AM|PM) UTC$/)
        expect(picture.filter((p) => p.what.startsWith('/products/')).length).toBeGreaterThan(0)
        const ids = (layout: Layout) => layout.map((p) => p.what).join(' ')
        if (ids(picture) !== ids(drawn)) continue
        expect(drawn).toEqual(picture)
        compared = true
      }
      expect(compared, 'the picture and the console listed the same products').toBe(true)
    })
  })
}

test('the platform paints for a visitor only: a signed-in user gets the frame without rows', async ({
  page,
}) => {
  await page.goto('/products')
  await expect(
    page.locator('#root > :not([data-static-frame]) [data-testid="catalog-row"]').first(),
  ).toBeVisible()
  const shellCookie = async () => (await page.context().cookies()).find((c) => c.name === 'shell')?.value
  await expect.poll(shellCookie).toBe('sandbox.v2.visitor')
  const visitor = await (await page.request.get('/products')).text()
  expect(visitor).toContain('data-testid="catalog-row"')

  await signInAs(page)
  await expect.poll(shellCookie).toBe('sandbox.v2.user')
  const user = await (await page.request.get('/products')).text()
  expect(user).not.toContain('data-testid="catalog-row"')
  expect(user).toContain('data-static-frame')
})
