import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { useEnglish, waitForServiceWorker } from './support'

/** Counts every start of the page from now on, however it was made: the number of reloads. */
async function countBoots(page: Page) {
  await page.addInitScript(() =>
    sessionStorage.setItem('e2e.boots', String(Number(sessionStorage.getItem('e2e.boots') ?? 0) + 1)),
  )
  return () => page.evaluate(() => Number(sessionStorage.getItem('e2e.boots') ?? 0))
}

/**
 * The sync centre's route chunk: of the `outbox-*.js` files, the one importing the other (the outbox
 * module the shell needs at boot shares the name and must keep loading, or nothing would show). The
 * outbox's sync (`outbox-sync-*.js`, which imports that module too) is not a route's.
 */
function syncCentreChunk() {
  const chunks = readdirSync('dist/assets').filter(
    (f) => /^outbox-[\w-]+\.js$/.test(f) && !f.startsWith('outbox-sync-'),
  )
  const name = chunks.find((f) =>
    chunks.some((o) => o !== f && readFileSync(`dist/assets/${f}`, 'utf8').includes(`./${o}`)),
  )
  return new RegExp(`/assets/${name ?? chunks[0]}$`)
}

test.describe('installable app and its updates', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page)
  })

  test('Chromium reports no installability error; the manifest is complete', async ({ page }) => {
    await page.goto('/login')
    await waitForServiceWorker(page)
    const cdp = await page.context().newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([])
    const manifest = await (await page.request.get('/manifest.webmanifest')).json()
    // One language, the default one (fi): its texts are Finnish, as its lang says.
    expect(manifest).toMatchObject({
      lang: 'fi',
      name: 'Orchestrator-konsoli',
      short_name: 'Orchestrator',
      display: 'standalone',
      theme_color: '#6d28d9',
    })
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ])
  })

  test('every screen opens offline from the service worker, navigations fall back to the shell', async ({
    signedIn: page,
    context,
  }) => {
    await waitForServiceWorker(page)
    await context.setOffline(true)
    for (const [path, heading] of [
      ['/tasks', 'Tasks'],
      ['/events', 'Events'],
      ['/monitoring', 'Monitoring'],
      ['/outbox', 'Sync centre'],
      ['/data-formats/create', 'New data format'],
      ['/products', 'Data Products'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    }
    const api = await page.evaluate(() =>
      fetch('/api/sandbox/configs').then(
        () => 'answered',
        () => 'failed',
      ),
    )
    expect(api, 'the service worker never answers /api').toBe('failed')
  })

  test("the build's files come from the precache and the API from the network, with no worker script run", async ({
    signedIn: page,
  }) => {
    await waitForServiceWorker(page)
    await page.goto('/data-formats')
    await expect(page.getByRole('heading', { level: 1, name: 'Data formats' })).toBeVisible()
    // Chromium's static routes (pwa/static-routes.ts): where each request was routed, and whence it came.
    const routed = () =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => {
          const entry = e as PerformanceResourceTiming & {
            workerMatchedSourceType?: string
            workerFinalSourceType?: string
          }
          return {
            path: new URL(e.name).pathname + new URL(e.name).search,
            matched: entry.workerMatchedSourceType,
            final: entry.workerFinalSourceType,
          }
        }),
      )
    const first = await routed()
    const assets = first.filter((r) => r.path.startsWith('/assets/'))
    expect(assets.length).toBeGreaterThan(5)
    expect(assets.filter((r) => r.matched !== 'cache' || r.final !== 'cache')).toEqual([])
    const api = first.filter((r) => r.path.startsWith('/api/'))
    expect(api.length).toBeGreaterThan(0)
    expect(api.filter((r) => r.matched !== 'network')).toEqual([])
    // A file the precache lacks (an earlier version's, say) still comes, from the network.
    const entry = assets[0]?.path.split('?')[0]
    const status = await page.evaluate(
      (url) => fetch(url).then((r) => r.text().then(() => r.status)),
      `${entry}?not-precached`,
    )
    expect(status).toBe(200)
    await expect
      .poll(async () => (await routed()).find((r) => r.path === `${entry}?not-precached`))
      .toMatchObject({ matched: 'cache', final: 'network' })
  })

  test.describe('without a service worker, where a chunk is fetched from the server', () => {
    test.use({ serviceWorkers: 'block' })

    test('a chunk gone from the server reloads the page once, then shows the error page with a retry', async ({
      signedIn: page,
      context,
    }) => {
      const boots = await countBoots(page)
      const routeChunk = syncCentreChunk()
      await expect(page.getByTestId('since-waiting')).toBeVisible()
      // Gone after a deploy: the server answers 404, to the import and to the console's check alike.
      await context.route(routeChunk, (route) => route.fulfill({ status: 404, body: 'Not found' }))
      const before = await boots()
      await page.getByRole('link', { name: 'Sync centre', exact: true }).click()
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 15_000 })
      expect((await boots()) - before, 'exactly one reload').toBe(1)
      await context.unroute(routeChunk)

      // A chunk that got no answer (a dropped line, or Firefox cancelling imports as the user leaves)
      // is not gone: no reload, which would replace where the user goes; the error page offers a retry.
      await page.goto('/')
      await expect(page.getByTestId('since-waiting')).toBeVisible()
      await page.evaluate(() => sessionStorage.removeItem('chunk-reload-at'))
      await context.route(routeChunk, (route) => route.abort())
      const still = await boots()
      await page.getByRole('link', { name: 'Sync centre', exact: true }).click()
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 15_000 })
      await page.waitForTimeout(1000)
      expect((await boots()) - still, 'no reload').toBe(0)
      await context.unroute(routeChunk)
    })

    test('a chunk failing while the page is being left never reloads it over the navigation', async ({
      signedIn: page,
      context,
    }) => {
      const boots = await countBoots(page)
      const routeChunk = syncCentreChunk()
      await expect(page.getByTestId('since-waiting')).toBeVisible()
      // The chunk is gone, but its failure arrives as the page is being left (what Firefox does to the
      // imports in flight when the user goes elsewhere): the navigation, not a reload, must win.
      let release: () => void = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await context.route(routeChunk, async (route) => {
        await held
        await route.fulfill({ status: 404, body: 'Not found' })
      })
      const before = await boots()
      await page.getByRole('link', { name: 'Sync centre', exact: true }).click()
      await page.evaluate(() => window.dispatchEvent(new Event('beforeunload')))
      release()
      await page.waitForTimeout(3000)
      expect((await boots()) - before, 'no reload').toBe(0)
    })
  })

  test('a new version waits for the user, then every open tab reloads together', async ({
    signedIn: page,
    context,
  }) => {
    await waitForServiceWorker(page)
    const second = await context.newPage()
    await second.goto('/data-formats')
    await waitForServiceWorker(second)
    await page.evaluate(() => {
      ;(window as unknown as { marker: number }).marker = 1
    })
    await second.evaluate(() => {
      ;(window as unknown as { marker: number }).marker = 1
    })
    const original = readFileSync('dist/sw.js', 'utf8')
    try {
      writeFileSync('dist/sw.js', `${original}\n// e2e update ${Date.now()}\n`)
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        await registration?.update()
      })
      await expect(page.getByText('New version available')).toBeVisible({ timeout: 20_000 })
      // Nothing reloads by itself: the marker survives.
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
      const reloads = [
        page.waitForEvent('load', { timeout: 20_000 }),
        second.waitForEvent('load', { timeout: 20_000 }),
      ]
      await page.getByRole('button', { name: 'Reload' }).click()
      await Promise.all(reloads)
      for (const tab of [page, second]) {
        await expect(tab.getByRole('heading', { level: 1 })).toBeVisible()
        expect(await tab.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined()
      }
    } finally {
      writeFileSync('dist/sw.js', original)
    }
  })
})
