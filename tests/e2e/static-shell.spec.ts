import { type BrowserContext, expect, test } from '@playwright/test'

// The platform serves index.html with the console's frame and the screen's heading, so the
// first paint shows them before any script; the console then renders the same heading in the same place.
test.use({ serviceWorkers: 'block' })

async function headingBox(context: BrowserContext, path: string, withScript: boolean) {
  const page = await context.newPage()
  if (!withScript) await page.route('**/*.js', (route) => route.abort())
  await page.goto(path)
  // The frame is hidden from assistive technology until the console renders the real heading.
  const heading = withScript ? page.getByRole('heading', { level: 1 }) : page.locator('#root h1')
  await expect(heading).toBeVisible()
  // Before the console runs, the frame is only a picture: no heading is exposed to assistive technology.
  if (!withScript) await expect(page.getByRole('heading')).toHaveCount(0)
  if (withScript) {
    // The console has rendered when its top bar has the language switcher.
    await expect(page.getByRole('group', { name: /Kieli|Language/ })).toBeVisible()
  }
  const result = {
    text: await heading.textContent(),
    box: await heading.boundingBox(),
    lang: await page.getAttribute('html', 'lang'),
  }
  await page.close()
  return result
}

for (const width of [1280, 390]) {
  test(`the shell's heading is the screen's, in place, at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } })
    for (const [path, finnish] of [
      ['/login', 'Kirjaudu sisään'],
      ['/products', 'Datatuotteet'],
    ] as const) {
      const shell = await headingBox(context, path, false)
      expect(shell.text).toBe(finnish)
      expect(shell.lang).toBe('fi')
      const app = await headingBox(context, path, true)
      expect(app.text).toBe(finnish)
      for (const key of ['x', 'y', 'width', 'height'] as const) {
        expect(
          Math.abs((app.box?.[key] ?? -1) - (shell.box?.[key] ?? -2)),
          `${path} heading ${key}`,
        ).toBeLessThan(1)
      }
    }
    await context.close()
  })
}

test('the shell speaks the language chosen in the console, and <html lang> follows a switch', async ({
  browser,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByText('EN', { exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  const shell = await headingBox(context, '/products', false)
  expect(shell).toMatchObject({ text: 'Data Products', lang: 'en' })
  await context.close()
})

test('a screen with no shell heading still starts: the frame alone, then the console', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort())
  await page.goto('/products/999999')
  await expect(page.locator('#root h1')).toHaveCount(0)
  await expect(page.locator('#root .bg-white').first()).toBeVisible()
})
