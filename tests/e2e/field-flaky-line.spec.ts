import type { Page } from '@playwright/test'
import { collectErrors, flakyLine, phoneContext } from './field-support'
import { expect, signInAs, test } from './fixtures'
import { waitForServiceWorker } from './support'

// Online and offline told truly. On a line that drops 30 % of the platform's
// requests with 0-2 s of delay the console never says Offline and keeps every screen's data; offline
// is said in words on a phone, with since when; "Fetched" says the day and marks old data.

const ROUTES: [string, string][] = [
  ['/', 'Welcome'],
  ['/tasks', 'Tasks'],
  ['/events', 'Events'],
  ['/products', 'Data Products'],
  ['/data-formats', 'Data Formats'],
  ['/monitoring', 'Monitoring'],
  ['/outbox', 'Sync centre'],
]
/** Counts, in the page, every time the indicator says Offline or a screen says nothing is saved. */
async function watchReadings(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { offlineShown: number; nothingSaved: number }
    w.offlineShown = 0
    w.nothingSaved = 0
    let shown = false
    let said = false
    new MutationObserver(() => {
      const now = document.querySelector('[data-testid="offline-status"]') !== null
      if (now && !shown) w.offlineShown += 1
      shown = now
      const saying = document.body?.textContent.includes('No connection and nothing saved') ?? false
      if (saying && !said) w.nothingSaved += 1
      said = saying
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { offlineShown: number; nothingSaved: number }
      return { offlineShown: w.offlineShown, nothingSaved: w.nothingSaved }
    })
}

test('on a flaky line the console never says Offline and every screen keeps its data', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  // page.route sees only what the service worker does not answer: keep the worker out.
  const context = await phoneContext(browser, { serviceWorkers: 'block' })
  const page = await context.newPage()
  const errors = collectErrors(page)
  const readings = await watchReadings(page)
  await signInAs(page)
  // Every screen once on a good line, so each has data saved on the device.
  for (const [path, heading] of ROUTES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 })
  }
  const line = await flakyLine(page, { dropRate: 0.3, maxDelayMs: 2000, seed: 2121 })
  let falseOffline = 0
  let nothingSaved = 0
  let checks = 0
  const started = Date.now()
  for (let round = 0; round < 4 && Date.now() - started < 200_000; round++) {
    for (const [path, heading] of ROUTES) {
      // A full load: the cache is restored, the session read, each screen's data asked for again.
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 })
      if (path === '/tasks')
        await expect(page.getByTestId('task-row').first()).toBeVisible({ timeout: 20_000 })
      if (path === '/events') await expect(page.getByTestId('events-count')).not.toHaveText('Showing 0 of 0')
      await page.waitForTimeout(2500)
      // What this page said, up to the next load.
      checks += 1
      const counted = await readings()
      falseOffline += counted.offlineShown
      nothingSaved += counted.nothingSaved
    }
  }
  await line.stop()
  console.log(
    `flaky line: ${checks} checks, ${falseOffline} false Offline readings, ${nothingSaved} "nothing saved"; ` +
      `${line.dropped} of ${line.seen} requests dropped`,
  )
  expect(line.dropped, 'the line did drop requests').toBeGreaterThan(5)
  expect(checks).toBeGreaterThanOrEqual(28)
  expect(falseOffline, 'false Offline readings').toBe(0)
  expect(nothingSaved, '"nothing saved" while data was saved').toBe(0)
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([])
  await context.close()
})

test('a platform out of reach is said within seconds, with cached data, a retry, and back online', async ({
  browser,
}) => {
  const context = await phoneContext(browser, { serviceWorkers: 'block' })
  const page = await context.newPage()
  await signInAs(page)
  await page.goto('/tasks')
  await expect(page.getByTestId('task-row').first()).toBeVisible()
  // The platform stops answering while the phone keeps its network.
  await page.route('**/api/**', (route) => route.abort('connectionrefused'))
  await page.getByRole('button', { name: 'Open menu' }).tap()
  await page.getByRole('link', { name: 'Events' }).tap()
  await page.getByRole('button', { name: 'Open menu' }).tap()
  await page.getByRole('link', { name: 'Tasks' }).tap()
  const offline = page.getByTestId('offline-status')
  await expect(offline).toBeVisible({ timeout: 25_000 })
  // Said in words on the phone, with since when, inside the screen.
  await expect(offline).toContainText(/Offline\s*since \d{1,2}[:.]\d{2}/)
  const box = await offline.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true)
  await expect(page.getByTestId('task-row').first()).toBeVisible()
  await expect(page.getByText(/Fetched today at/)).toBeVisible()
  await page.unroute('**/api/**')
  await expect(offline).toHaveCount(0, { timeout: 40_000 })
  await context.close()
})

test('the browser offline is Offline at once, in words, with since when', async ({ browser }) => {
  const context = await phoneContext(browser)
  const page = await context.newPage()
  await signInAs(page)
  await page.goto('/tasks')
  await waitForServiceWorker(page)
  await expect(page.getByTestId('task-row').first()).toBeVisible()
  await context.setOffline(true)
  const offline = page.getByTestId('offline-status')
  await expect(offline).toBeVisible({ timeout: 3000 })
  await expect(offline).toContainText(/Offline\s*since/)
  await expect(page.getByText('Offline', { exact: true })).toBeVisible()
  await context.setOffline(false)
  await expect(offline).toHaveCount(0, { timeout: 10_000 })
  await context.close()
})

test('"Fetched" says today, yesterday or the date, and marks data older than a day as old', async ({
  signedIn: page,
  context,
}) => {
  await page.goto('/tasks')
  await waitForServiceWorker(page)
  await expect(page.getByTestId('task-row').first()).toBeVisible()
  await page.goto('/data-formats')
  await expect(page.getByTestId('fetched-at')).toContainText(/Fetched today at/)
  await expect(page.getByTestId('data-old')).toHaveCount(0)
  await context.setOffline(true)
  const now = await page.evaluate(() => Date.now())
  // A day and a bit later, still offline: the saved data is yesterday's, and old.
  await page.clock.setSystemTime(now + 26 * 3600_000)
  await page.getByRole('link', { name: 'Tasks', exact: true }).click()
  await expect(page.getByTestId('task-row').first()).toBeVisible()
  await expect(page.getByTestId('fetched-at')).toContainText(/Fetched (yesterday|on .+) at/)
  await expect(page.getByTestId('data-old')).toHaveText('Old data')
  // Days later: the date itself.
  await page.clock.setSystemTime(now + 4 * 86_400_000)
  await page.getByRole('link', { name: 'Data Formats', exact: true }).click()
  await expect(page.getByTestId('fetched-at')).toContainText(/Fetched on .+ at/)
  await expect(page.getByTestId('data-old')).toBeVisible()
  await context.setOffline(false)
})
