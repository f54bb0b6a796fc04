import { PHONE, phoneContext } from './field-support'
import { expect, test } from './fixtures'
import { useEnglish, waitForServiceWorker } from './support'

// Install from the phone. The install button shows wherever the browser offers
// installation, a 360 px phone included; iOS Safari, which has no prompt, gets the steps to add the
// console to the home screen; the manifest has an id, real screenshots and shortcuts.

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

test.describe('on a phone', () => {
  test.use(PHONE)

  test("on a 360 px phone the browser's install offer is a thumb-sized button that prompts", async ({
    signedIn: page,
  }) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const install = page.getByRole('button', { name: 'Install app' })
    await expect(install).toHaveCount(0)
    // What Chromium fires when it would offer installation (the test's browser never does by itself).
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
        prompt: () => Promise<void>
        userChoice: Promise<{ outcome: string }>
      }
      offer.prompt = async () => {
        ;(window as unknown as { prompted: boolean }).prompted = true
      }
      offer.userChoice = Promise.resolve({ outcome: 'accepted' })
      window.dispatchEvent(offer)
    })
    await expect(install).toBeVisible()
    const box = await install.boundingBox()
    expect(box?.width).toBeGreaterThanOrEqual(44)
    expect(box?.height).toBeGreaterThanOrEqual(44)
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360).toBe(true)
    await install.tap()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted))
      .toBe(true)
    await expect(install).toHaveCount(0)
  })
})

test('iOS Safari, with no install prompt, is told how to add the console to the home screen', async ({
  browser,
}) => {
  const context = await phoneContext(browser, {
    userAgent: IPHONE_SAFARI,
    viewport: { width: 390, height: 844 },
  })
  const page = await context.newPage()
  await useEnglish(page)
  await page.goto('/products')
  const install = page.getByRole('button', { name: 'Install app' })
  await expect(install).toBeVisible()
  await install.tap()
  const dialog = page.getByRole('dialog', { name: 'Add the console to your home screen' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Tap the Share button')
  await expect(dialog).toContainText('Add to Home Screen')
  await dialog.getByRole('button', { name: 'Close' }).tap()
  await expect(dialog).toHaveCount(0)
  // Already on the home screen: nothing to offer.
  const standalone = await browser.newContext({ userAgent: IPHONE_SAFARI, isMobile: true, hasTouch: true })
  await standalone.addInitScript(() => Object.defineProperty(navigator, 'standalone', { get: () => true }))
  const installed = await standalone.newPage()
  await useEnglish(installed)
  await installed.goto('/products')
  await expect(installed.getByRole('heading', { level: 1 })).toBeVisible()
  await installed.waitForTimeout(500)
  await expect(installed.getByRole('button', { name: 'Install app' })).toHaveCount(0)
  await standalone.close()
  await context.close()
})

/** Width and height from a PNG's IHDR chunk; undefined if the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  if (!bytes.subarray(0, 8).equals(signature) || bytes.subarray(12, 16).toString() !== 'IHDR')
    return undefined
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

test('the manifest has an id, real narrow and wide screenshots, and Finnish shortcuts to Tasks and Events', async ({
  page,
}) => {
  await useEnglish(page)
  await page.goto('/login')
  await waitForServiceWorker(page)
  const manifest = await (await page.request.get('/manifest.webmanifest')).json()
  expect(manifest.id).toBe('/')
  const shots = manifest.screenshots as { src: string; sizes: string; type: string; form_factor?: string }[]
  expect(shots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide'])
  for (const shot of shots) {
    const response = await page.request.get(shot.src)
    expect(response.status(), shot.src).toBe(200)
    expect(response.headers()['content-type']).toContain('image/png')
    const size = pngSize(await response.body())
    expect(size, `${shot.src} is a PNG`).toBeDefined()
    expect(`${size?.width}x${size?.height}`).toBe(shot.sizes)
    // Chromium's rules for the rich install dialog: 320-3840 px a side, at most 2.3 times as long as wide.
    const [w, h] = [size?.width ?? 0, size?.height ?? 0]
    expect(Math.min(w, h)).toBeGreaterThanOrEqual(320)
    expect(Math.max(w, h) / Math.min(w, h)).toBeLessThanOrEqual(2.3)
    expect(shot.form_factor === 'wide' ? w > h : h > w).toBe(true)
  }
  const shortcuts = manifest.shortcuts as { name: string; url: string; icons: { src: string }[] }[]
  expect(shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['Tehtävät', '/tasks'],
    ['Tapahtumat', '/events'],
  ])
  for (const shortcut of shortcuts)
    expect((await page.request.get(shortcut.icons[0]?.src ?? '')).status()).toBe(200)
  const cdp = await page.context().newCDPSession(page)
  const parsed = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] }
  expect(parsed.errors.map((e) => e.message)).toEqual([])
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[]
  }
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([])
  // The screenshots are not downloaded for offline use.
  const precached = await page.evaluate(async () => {
    const names = await caches.keys()
    const urls: string[] = []
    for (const name of names) for (const r of await (await caches.open(name)).keys()) urls.push(r.url)
    return urls
  })
  expect(precached.some((u) => u.includes('/icons/icon-192.png'))).toBe(true)
  expect(precached.filter((u) => u.includes('/screenshots/'))).toEqual([])
})
