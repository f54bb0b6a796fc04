import type { Page, Route } from '@playwright/test'
import { expect, signInAs, test } from './fixtures'
import { createFormat, networkQuiet, platform, useEnglish, waitForServiceWorker } from './support'

// A start sends the first screen's read from the entry script, by URL, while the console's code
// downloads (and preloads that code); the console adopts that answer instead of asking
// again. Another scope by the time the console asks: the early read is dropped. Offline: none is sent.

const LIST = '/data-formats'
const isListRead = (url: string) => /\/api\/\w+\/products\/v2\/data-formats\?/.test(url)

const formatCode = async (request: Parameters<typeof platform>[0], env: string, prefix: string) =>
  (await createFormat(request, { env, prefix })).code

/** Signs in and opens the list once, so the console remembers the list's first read for the address. */
async function openedOnce(page: Page, code: string) {
  await signInAs(page)
  await page.goto(LIST)
  await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible()
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), `firstRequests:${LIST}`))
    .toContain('/data-formats?')
}

/** Holds the console's main chunk until released: what is asked meanwhile, the entry script asked. */
async function holdConsole(page: Page) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let held = false
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route: Route) => {
    held = true
    await released
    await route.continue()
  })
  return { release, held: () => held }
}

/** The list reads the page sends, and whether each was answered or dropped. */
function watchListReads(page: Page) {
  const reads: { url: string; organization?: string; outcome: 'pending' | 'answered' | 'dropped' }[] = []
  page.on('request', (request) => {
    if (request.method() === 'GET' && isListRead(request.url()))
      reads.push({
        url: request.url(),
        organization: request.headers()['organization-id'],
        outcome: 'pending',
      })
  })
  const settle = (url: string, outcome: 'answered' | 'dropped') => {
    const read = reads.find((r) => r.url === url && r.outcome === 'pending')
    if (read) read.outcome = outcome
  }
  page.on('requestfinished', (request) => isListRead(request.url()) && settle(request.url(), 'answered'))
  page.on('requestfailed', (request) => isListRead(request.url()) && settle(request.url(), 'dropped'))
  return reads
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page)
})

test.describe('without the service worker (the console chunk can be held)', () => {
  test.use({ serviceWorkers: 'block' })

  test('the list read goes out before the console runs, and the console adopts it: one request', async ({
    page,
    request,
  }) => {
    const code = await formatCode(request, 'sandbox', 'early')
    await openedOnce(page, code)
    const console = await holdConsole(page)
    const reads = watchListReads(page)
    const violations: string[] = []
    page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()))
    await page.goto(LIST, { waitUntil: 'commit' })
    // The console's code is held, yet the list read has gone out: the entry script sent it.
    await expect.poll(() => reads.length).toBe(1)
    // The entry script adds the preloads just after it sends the read: the request may follow.
    await expect
      .poll(() => console.held(), { message: 'the console chunk was asked for (preloaded) and is held' })
      .toBe(true)
    // The route's own chunks are preloaded with the console's, from the build's chunk map.
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=script]')].map((l) => l.href),
    )
    expect(preloads.some((href) => /\/assets\/main-[^/]+\.js$/.test(href))).toBe(true)
    expect(preloads.some((href) => /\/assets\/data-formats-[^/]+\.js$/.test(href))).toBe(true)
    console.release()
    await expect(
      page.locator('#root > :not([data-first-screen])').getByRole('cell', { name: code, exact: true }),
    ).toBeVisible()
    // Counted when the list shows: later, the live stream may rightly read the list again for a
    // format another test made meanwhile (the suite runs in parallel on one platform).
    const beforeShown = reads.length
    await networkQuiet(page)
    expect(
      reads.slice(0, beforeShown).map((r) => r.outcome),
      'one list request, answered and used',
    ).toEqual(['answered'])
    expect(violations).toEqual([])
  })

  test('a sign-out in another tab while the console downloads: the console starts signed out', async ({
    page,
    context,
  }) => {
    await signInAs(page)
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
    const other = await context.newPage()
    const console = await holdConsole(other)
    await other.goto(LIST, { waitUntil: 'commit' })
    // The entry script has run (it asked for the console's chunk) and read the session, signed in.
    await expect.poll(() => console.held()).toBe(true)
    await expect
      .poll(() => other.evaluate(() => performance.getEntriesByType('resource').length))
      .toBeGreaterThan(0)
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login/)
    console.release()
    // The console's code ran after the sign-out: it starts from it, not from what the entry read.
    await expect(other).toHaveURL(/\/login/)
    await expect(other.getByLabel('Access token')).toBeVisible()
  })

  test("a visitor's first /products: the catalog read goes out before the console runs, without a token, one request", async ({
    page,
  }) => {
    const isCatalogRead = (url: string) => /\/api\/\w+\/products\/v2\?[^/]*type=dataproduct/.test(url)
    const reads: { url: string; token: boolean; outcome: 'pending' | 'answered' | 'dropped' }[] = []
    page.on('request', (r) => {
      if (r.method() === 'GET' && isCatalogRead(r.url()))
        reads.push({ url: r.url(), token: 'authorization' in r.headers(), outcome: 'pending' })
    })
    const settle = (url: string, outcome: 'answered' | 'dropped') => {
      const read = reads.find((r) => r.url === url && r.outcome === 'pending')
      if (read) read.outcome = outcome
    }
    page.on('requestfinished', (r) => isCatalogRead(r.url()) && settle(r.url(), 'answered'))
    page.on('requestfailed', (r) => isCatalogRead(r.url()) && settle(r.url(), 'dropped'))
    const console = await holdConsole(page)
    await page.goto('/products', { waitUntil: 'commit' })
    // Nothing was remembered on this device, yet the list read has gone out with the console held.
    await expect.poll(() => reads.length).toBe(1)
    await expect.poll(() => console.held()).toBe(true)
    console.release()
    await expect(
      page.locator('#root > :not([data-first-screen])').getByTestId('catalog-row').first(),
    ).toBeVisible()
    const beforeShown = reads.length
    await networkQuiet(page)
    expect(
      reads.slice(0, beforeShown).map((r) => [r.outcome, r.token]),
      'one catalog request, without a token, answered and used',
    ).toEqual([['answered', false]])
    // Remembered as a visitor's read for the next start.
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), 'firstRequests:/products'))
      .toContain('"anonymous":true')
  })

  test('a scope switched while the console loads: the early read is dropped, the console asks its own', async ({
    page,
    request,
  }) => {
    const sandboxCode = await formatCode(request, 'sandbox', 'early_sandbox')
    const productionCode = await formatCode(request, 'production', 'early_production')
    await openedOnce(page, sandboxCode)
    const console = await holdConsole(page)
    const reads = watchListReads(page)
    await page.goto(LIST, { waitUntil: 'commit' })
    await expect
      .poll(() => reads.map((r) => new URL(r.url).pathname))
      .toEqual(['/api/sandbox/products/v2/data-formats'])
    // Another tab switches the environment before this tab's console has started.
    await page.evaluate(() => localStorage.setItem('environment', 'production'))
    console.release()
    await expect(page.getByRole('cell', { name: productionCode, exact: true })).toBeVisible()
    await expect(page.getByRole('cell', { name: sandboxCode, exact: true })).toHaveCount(0)
    await networkQuiet(page)
    expect(reads.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/sandbox/products/v2/data-formats',
      '/api/production/products/v2/data-formats',
    ])
    // The production list was asked by the console and answered; the sandbox read was never shown.
    expect(reads[1]?.outcome).toBe('answered')
  })

  test('an organization switched while the console loads: the early read is not adopted', async ({
    page,
    request,
  }) => {
    const code = await formatCode(request, 'sandbox', 'early_org')
    const organizations = await platform<{ id: string }[] | { itemList?: { id: string }[] }>(
      request,
      'GET',
      '/api/sandbox/auth/organizations?limit=1000',
    )
    const list = organizations.json.result
    const organizationId = (Array.isArray(list) ? list : (list?.itemList ?? []))[0]?.id
    expect(organizationId, 'the admin has an organization').toBeTruthy()
    await openedOnce(page, code)
    const console = await holdConsole(page)
    const reads = watchListReads(page)
    await page.goto(LIST, { waitUntil: 'commit' })
    await expect.poll(() => reads.length).toBe(1)
    expect(reads[0]?.organization).toBeUndefined()
    await page.evaluate((id) => localStorage.setItem('organizationId', id), organizationId as string)
    console.release()
    await expect.poll(() => reads.length).toBe(2)
    expect(reads[1]?.organization).toBe(organizationId)
    await expect(page.getByTestId('data-format-row').first()).toBeVisible()
  })
})

test('offline, a start sends no early read: the cached list shows', async ({ page, request, context }) => {
  const code = await formatCode(request, 'sandbox', 'early_offline')
  await openedOnce(page, code)
  await waitForServiceWorker(page)
  // Which script sent each list read: the entry script's are the early ones.
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const senders: string[] = []
  cdp.on('Network.requestWillBeSent', (event) => {
    if (isListRead(event.request.url)) senders.push(event.initiator.stack?.callFrames[0]?.url ?? '')
  })
  const entry = await page.evaluate(
    () => document.querySelector<HTMLScriptElement>('script[type=module][src]')?.src ?? '',
  )
  expect(entry).toMatch(/\/assets\/index-[^/]+\.js$/)

  // Online first: the early read is the entry script's.
  await page.reload()
  await expect(
    page.locator('#root > :not([data-first-screen])').getByRole('cell', { name: code, exact: true }),
  ).toBeVisible()
  await expect.poll(() => senders).toContain(entry)

  senders.length = 0
  await context.setOffline(true)
  // A device without a network says so from the page's first script on; Chromium's emulated offline
  // leaves navigator.onLine true in a page loaded after it was set, so the test says it as a device would.
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false, configurable: true }),
  )
  await page.reload()
  expect(await page.evaluate(() => navigator.onLine)).toBe(false)
  await expect(
    page.locator('#root > :not([data-first-screen])').getByRole('cell', { name: code, exact: true }),
  ).toBeVisible()
  await page.waitForTimeout(500)
  expect(senders, 'no list read from the entry script offline').not.toContain(entry)
  await context.setOffline(false)
})
