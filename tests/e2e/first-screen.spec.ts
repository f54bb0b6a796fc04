import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { networkQuiet } from './support'

// A start paints the last picture of its screen before the console loads, only in the scope it was
// taken in (language, environment, API version, organization), and sends one list request all the same.

const LIST = '/data-formats?page=1&limit=100'

/** Notes, from the first script on, every text shown inside a painted picture. */
async function watchPictures(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { pictured: string[] }).pictured = seen
    new MutationObserver(() => {
      const picture = document.querySelector<HTMLElement>('[data-first-screen]')
      if (!picture?.textContent || seen.includes(picture.textContent)) return
      // A picture is a picture: hidden from assistive technology and inert while it shows.
      if (picture.getAttribute('aria-hidden') !== 'true' || !picture.inert) seen.push('not inert')
      seen.push(picture.textContent)
    }).observe(document, { subtree: true, childList: true })
  })
}

const pictured = (page: Page) => page.evaluate(() => (window as unknown as { pictured: string[] }).pictured)

/** Waits until a picture of `url` is kept, and returns its scope. */
const pictureKept = (page: Page, url: string) =>
  expect
    .poll(() =>
      page.evaluate((url) => JSON.parse(localStorage.getItem(`firstScreen:${url}`) ?? 'null')?.scope, url),
    )
    .toBeTruthy()

async function listRequests(page: Page, action: () => Promise<unknown>) {
  const requests: string[] = []
  const note = (request: { url: () => string; method: () => string }) => {
    if (request.method() === 'GET' && /\/products\/v2\/data-formats\?/.test(request.url()))
      requests.push(request.url())
  }
  page.on('request', note)
  await action()
  page.off('request', note)
  return requests
}

test('a cold start paints the last picture of the list at once, then the console, with one list request', async ({
  signedIn: page,
  made,
}) => {
  const { code: name } = await made.format({ prefix: 'pictured' })
  await page.goto(LIST)
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible()
  await pictureKept(page, LIST)

  await watchPictures(page)
  const requests = await listRequests(page, async () => {
    await page.reload()
    // The console's own row: live, not inside the picture.
    await expect(
      page.locator('#root > :not([data-first-screen])').getByRole('cell', { name, exact: true }),
    ).toBeVisible()
    await expect(page.locator('[data-first-screen]')).toHaveCount(0)
    await networkQuiet(page)
  })
  expect(
    (await pictured(page)).some((text) => text.includes(name)),
    'the picture was painted',
  ).toBe(true)
  expect(requests, 'one list request').toHaveLength(1)
  expect(await pictured(page)).not.toContain('not inert')
})

test("after a switch of environment or language, a start paints no picture of the other scope's list", async ({
  signedIn: page,
  made,
}) => {
  const { code: sandboxName } = await made.format({ prefix: 'sandbox_pictured' })
  const { code: productionName } = await made.format({ prefix: 'production_pictured', env: 'production' })
  await page.goto(LIST)
  await expect(page.getByRole('cell', { name: sandboxName, exact: true })).toBeVisible()
  await pictureKept(page, LIST)
  await watchPictures(page)

  // Another tab switched the environment: this tab's sandbox picture must not be painted in production.
  await page.evaluate(() => localStorage.setItem('environment', 'production'))
  await page.reload()
  await expect(page.getByRole('cell', { name: productionName, exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: sandboxName, exact: true })).toHaveCount(0)
  expect((await pictured(page)).join(' ')).not.toContain(sandboxName)

  // Switched in the console, and the screen left at once: its picture is of production, or none.
  await page.getByLabel('Environment').selectOption('sandbox')
  await page.reload()
  await expect(page.getByRole('cell', { name: sandboxName, exact: true })).toBeVisible()
  expect((await pictured(page)).join(' ')).not.toContain(productionName)

  // A picture taken in English is not painted in Finnish.
  await pictureKept(page, LIST)
  await page.evaluate(() => localStorage.setItem('locale', 'fi'))
  await page.reload()
  await expect(page.getByRole('cell', { name: sandboxName, exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Data formats/)
  expect((await pictured(page)).join(' ')).not.toContain('Data formats')
})

test('signing out forgets every picture', async ({ signedIn: page }) => {
  await page.goto(LIST)
  await expect(page.getByTestId('data-format-row').first()).toBeVisible()
  await pictureKept(page, LIST)
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('firstScreen:'))),
    )
    .toEqual([])
})
