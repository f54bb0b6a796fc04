import { readFileSync, writeFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, signInAs, test } from './fixtures'
import { waitForServiceWorker } from './support'

// Updates reach a console left open. It looks for a new version on an interval
// and on navigation; the banner offers Reload and Later; a reload keeps unsaved input as a draft
// first, and says so; a form whose input cannot be kept holds its tab's reload.

/** A new version on the server: the service worker's script changes (restored by the returned function). */
function deployNewVersion() {
  const original = readFileSync('dist/sw.js', 'utf8')
  writeFileSync('dist/sw.js', `${original}\n// e2e field update ${Date.now()}\n`)
  return () => writeFileSync('dist/sw.js', original)
}

const banner = (page: Page) => page.getByTestId('update-banner')

/** A console on a clock the test moves (installed before the first load), signed in, its worker active. */
async function openWithFakeClock(page: Page) {
  await page.clock.install()
  await signInAs(page)
  await waitForServiceWorker(page)
}

test.describe('updates reach a console left open', () => {
  // A new sw.js is seen by every page of the server: one test at a time.
  test.describe.configure({ mode: 'serial' })

  test('a console left on screen finds the new version when the user moves to another screen', async ({
    page,
  }) => {
    await openWithFakeClock(page)
    const restore = deployNewVersion()
    try {
      // A minute on, the user moves to another screen: the console looks for a new version.
      await page.clock.fastForward('01:05')
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Events' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()
      await expect(banner(page)).toContainText('New version available', { timeout: 20_000 })
    } finally {
      restore()
    }
    // Nothing reloaded by itself; the banner offers both answers.
    await expect(banner(page).getByRole('button', { name: 'Reload' })).toBeVisible()
    await expect(banner(page).getByRole('button', { name: 'Later' })).toBeVisible()
  })

  test('left untouched, the console finds the new version on its interval', async ({ page }) => {
    await openWithFakeClock(page)
    const restore = deployNewVersion()
    try {
      // No navigation, no return to the foreground: a quarter of an hour on the screen.
      await page.clock.fastForward('16:00')
      await expect(banner(page)).toContainText('New version available', { timeout: 20_000 })
    } finally {
      restore()
    }
  })

  test('Later puts the banner away; Reload keeps unsaved input as drafts, in every tab, and says so', async ({
    page,
    context,
  }) => {
    await openWithFakeClock(page)
    await page.goto('/data-formats/create')
    await page.getByLabel('Code').fill('HALF_TYPED')
    await page.getByLabel('Name').fill('Half typed')
    // A second tab with a task half written, a third with a token name (no draft there).
    const second = await context.newPage()
    await second.goto('/tasks/create')
    await second.getByRole('textbox', { name: 'Name', exact: true }).fill('Half a task')
    const third = await context.newPage()
    await third.goto('/me')
    await third.getByRole('textbox', { name: 'Name' }).fill('Field laptop')
    for (const tab of [page, second, third]) tab.on('dialog', (d) => void d.accept())
    const markers = async () => {
      for (const tab of [page, second, third])
        await tab.evaluate(() => {
          ;(window as unknown as { marker: number }).marker = 1
        })
    }
    await markers()
    const restore = deployNewVersion()
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
      await expect(banner(page)).toContainText('New version available', { timeout: 20_000 })
    } finally {
      restore()
    }
    await expect(banner(page)).toContainText(
      'Your unsaved input is kept as a draft: after reloading, choose Restore draft.',
    )
    await banner(page).getByRole('button', { name: 'Later' }).click()
    await expect(banner(page)).toHaveCount(0)
    await page.getByLabel('Description').fill('Still typing')
    await expect(banner(page)).toHaveCount(0)
    // Later is half an hour: then it asks again.
    await page.clock.fastForward('31:00')
    await expect(banner(page)).toBeVisible()

    const reloads = [page.waitForEvent('load'), second.waitForEvent('load')]
    await banner(page).getByRole('button', { name: 'Reload' }).click()
    await Promise.all(reloads)
    // Each reloaded tab offers its input back.
    await expect(page.getByText(/You have an unsaved draft/)).toBeVisible()
    await page.getByRole('button', { name: 'Restore draft' }).click()
    await expect(page.getByLabel('Name')).toHaveValue('Half typed')
    await expect(page.getByLabel('Description')).toHaveValue('Still typing')
    await expect(second.getByText(/You have an unsaved draft/)).toBeVisible()
    await second.getByRole('button', { name: 'Restore draft' }).click()
    await expect(second.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Half a task')
    // The token form has no draft: its tab waits, says why, and keeps what was typed.
    await expect(banner(third)).toContainText('A new version is active. Reload when your input is saved.')
    await expect(banner(third)).toContainText('cannot be kept as a draft')
    expect(await third.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
    await expect(third.getByRole('textbox', { name: 'Name' })).toHaveValue('Field laptop')
    const reloaded = third.waitForEvent('load')
    await banner(third).getByRole('button', { name: 'Reload' }).click()
    await reloaded
    await expect(third.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  })
})
