import { test as base, type Page } from '@playwright/test'
import { type CatalogItem, createItem } from './catalog-support'
import { ADMIN_TOKEN, createFormat, type MadeFormat, platform, signInWithToken } from './support'
import { createTask, type TaskRow } from './tasks-support'

export { expect } from '@playwright/test'

/** The entities a test makes on the platform; each is removed again when the test ends. */
export interface Made {
  format(options?: { name?: string; env?: string; prefix?: string }): Promise<MadeFormat>
  product(type: string, fields?: Record<string, unknown>): Promise<CatalogItem>
  task(body?: Record<string, unknown>): Promise<TaskRow>
}

/**
 * Signs `page` in with `token` (the login page read in English), then sets the console to `locale`,
 * as `signedIn` does for the test's own page. For what `signedIn` cannot do: a page of another
 * context, a token the test makes itself, or a test that first sets something up (watchers, routes,
 * a fake clock, the signed-out screens) that must already be in place when it signs in.
 */
export async function signInAs(page: Page, token: string = ADMIN_TOKEN, locale: 'en' | 'fi' = 'en') {
  await page.addInitScript(() => {
    if (!localStorage.getItem('locale')) localStorage.setItem('locale', 'en')
  })
  await signInWithToken(page, token)
  await page.evaluate((chosen) => localStorage.setItem('locale', chosen), locale)
}

interface Fixtures {
  /** The console's language for the test: `test.use({ consoleLocale: 'fi' })`; English by default. */
  consoleLocale: 'en' | 'fi'
  /** Whose developer token `signedIn` uses: `test.use({ token: OPERATOR_TOKEN })`; the admin's by default. */
  token: string
  /** The page, signed in with `token` (the login page read in English), then set to `consoleLocale`. */
  signedIn: Page
  /** Makes entities on the platform as a second client would, and removes them after the test. */
  made: Made
}

/**
 * Playwright's `test` with the fixtures most browser tests need: a signed-in page in a chosen
 * language, and entities made for the test and cleaned up after it.
 */
export const test = base.extend<Fixtures>({
  consoleLocale: ['en', { option: true }],
  token: [ADMIN_TOKEN, { option: true }],
  signedIn: async ({ page, consoleLocale, token }, use) => {
    await signInAs(page, token, consoleLocale)
    await use(page)
  },
  made: async ({ request }, use) => {
    const undo: (() => Promise<unknown>)[] = []
    await use({
      async format(options = {}) {
        const format = await createFormat(request, options)
        const env = options.env ?? 'sandbox'
        undo.push(() =>
          platform(request, 'DELETE', `/api/${env}/internal/products/v2/data-formats/${format.id}`),
        )
        return format
      },
      async product(type, fields) {
        const product = await createItem(request, type, fields)
        undo.push(() => platform(request, 'DELETE', `/api/sandbox/products/v2/${product.id}`))
        return product
      },
      async task(body = {}) {
        const task = await createTask(request, body)
        undo.push(() => platform(request, 'DELETE', `/api/sandbox/tasks/${task.id}`))
        return task
      },
    })
    // Newest first: a product may refer to a format made before it.
    for (const step of undo.reverse()) await step().catch(() => undefined)
  },
})
