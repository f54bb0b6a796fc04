import { collectErrors, PHONE } from './field-support'
import { expect, signInAs, test } from './fixtures'

// A browser that keeps no service worker is not a crash. The console registers
// only when the API exists and the registration succeeds; otherwise it says once, in the connection
// indicator and the sync centre, that no offline copy is kept here and why.

const EXPLANATION = /This browser keeps no offline copy of the console/

test.describe('on a phone that keeps no service worker', () => {
  test.use({ ...PHONE, serviceWorkers: 'block' })

  test('with service workers blocked, no page throws, and the indicator and sync centre say why', async ({
    page,
  }) => {
    const errors = collectErrors(page)
    await signInAs(page)
    for (const path of ['/', '/tasks', '/events', '/products', '/outbox']) {
      // Full page loads: each one registers anew.
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByTestId('no-offline-copy')).toBeVisible()
    }
    // Said once on the sync centre: its notice, and the indicator's explanation only when asked for.
    await expect(page.getByTestId('sync-no-offline-copy')).toContainText(EXPLANATION)
    await expect(page.getByTestId('sync-no-offline-copy')).toContainText('the browser refused to keep one')
    await expect(page.getByText(EXPLANATION)).toHaveCount(1)
    const badge = page.getByRole('button', { name: 'No offline copy' })
    await expect(badge).toHaveAttribute('aria-expanded', 'false')
    const box = await badge.boundingBox()
    expect(box?.height, 'a thumb-sized target').toBeGreaterThanOrEqual(44)
    await badge.tap()
    await expect(badge).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('note')).toContainText(EXPLANATION)
    // The note fits on the phone's screen.
    const note = await page.getByRole('note').boundingBox()
    expect((note?.x ?? -1) >= 0 && (note?.x ?? 0) + (note?.width ?? 0) <= 360).toBe(true)
    expect(errors.filter((e) => /waiting|serviceWorker|Service ?Worker/i.test(e))).toEqual([])
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([])
  })
})

test('a browser without the service worker API is told so, without an error', async ({ page }) => {
  await page.addInitScript(() => {
    // An old browser, or private browsing in one that turns service workers off.
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker
  })
  const errors = collectErrors(page)
  await signInAs(page)
  expect(await page.evaluate(() => 'serviceWorker' in navigator)).toBe(false)
  await page.goto('/outbox')
  await expect(page.getByTestId('sync-no-offline-copy')).toContainText('it has no service workers')
  await expect(page.getByRole('button', { name: 'No offline copy' })).toBeVisible()
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([])
})

test('where the worker registers, nothing speaks of a missing offline copy', async ({ signedIn: page }) => {
  await page.goto('/outbox')
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect(page.getByRole('heading', { name: 'Sync centre' })).toBeVisible()
  await page.waitForTimeout(500)
  await expect(page.getByTestId('no-offline-copy')).toHaveCount(0)
  await expect(page.getByText(EXPLANATION)).toHaveCount(0)
})
