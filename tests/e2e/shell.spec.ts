import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

test.describe('shell', () => {
  test('has the title and the logged-out menu', async ({ page }) => {
    await page.goto('/products')
    await expect(page).toHaveTitle('orchestrator-app')
    const menu = page.getByRole('navigation', { name: 'Päävalikko' })
    await expect(menu.getByRole('link')).toHaveText(['Kirjaudu', 'Datatuotteet'])
    await expect(menu.getByRole('button', { name: 'Kirjaudu ulos' })).toHaveCount(0)
    await expect(page.getByText('Orchestrator', { exact: true })).toBeVisible()
    await expect(page.getByText(/Versio \d+\.\d+\.\d+ · sandbox/)).toBeVisible()
  })

  test('the side menu is 237 px wide and marks the current entry', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/products')
    const aside = page.locator('#side-menu')
    const width = () => aside.boundingBox().then((box) => box?.width)
    expect(await width()).toBe(237)
    const menu = page.getByRole('navigation', { name: 'Päävalikko' })
    await expect(menu.getByRole('link', { name: 'Datatuotteet' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('button', { name: 'Sulje valikko' })).toHaveAttribute('aria-expanded', 'true')
    // Choosing an entry navigates and collapses the menu to a rail of named icons.
    await menu.getByRole('link', { name: 'Kirjaudu' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect.poll(width).toBe(64)
    await expect(menu.getByRole('link', { name: 'Kirjaudu' })).toHaveAttribute('aria-current', 'page')
    await expect(menu.getByRole('link', { name: 'Datatuotteet' })).not.toHaveAttribute('aria-current', /.*/)
    // The title is kept for screen readers only; the rail shows its initial.
    expect((await page.getByText('Orchestrator', { exact: true }).boundingBox())?.width).toBeLessThanOrEqual(
      1,
    )
    const toggle = page.getByRole('button', { name: 'Avaa valikko' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toHaveAttribute('aria-controls', 'side-menu')
    // The rail keeps every entry as a link a pointer can reach, and names it beside the icon.
    await menu.getByRole('link', { name: 'Datatuotteet' }).hover()
    await expect(page.locator('[data-menu-tip]')).toHaveText('Datatuotteet')
    await menu.getByRole('link', { name: 'Datatuotteet' }).click()
    await expect(page.getByRole('heading', { name: 'Datatuotteet' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Datatuotteet' })).toHaveAttribute('aria-current', 'page')
    expect(await width()).toBe(64)
    await toggle.click()
    await expect.poll(width).toBe(237)
    await expect(page.getByText('Orchestrator', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sulje valikko' })).toHaveAttribute('aria-expanded', 'true')
    await page.getByRole('button', { name: 'Sulje valikko' }).click()
    await expect.poll(width).toBe(64)
  })

  test('the desktop rail: each entry a named Tab stop with visible focus, sources reachable, version and environment kept', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/login')
    await page.getByLabel('Käyttöoikeustunniste').fill('demo-operator-token')
    await page.getByRole('button', { name: 'Kirjaudu tunnisteella' }).click()
    await expect(page).toHaveURL(/\/$/)
    const menu = page.getByRole('navigation', { name: 'Päävalikko' })
    // By keyboard: Enter on an entry navigates, collapses the menu, and the focus stays on the entry.
    await menu.getByRole('link', { name: 'Tehtävät' }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/tasks/)
    await expect
      .poll(() =>
        page
          .locator('#side-menu')
          .boundingBox()
          .then((b) => b?.width),
      )
      .toBe(64)
    await expect(menu.getByRole('link', { name: 'Tehtävät' })).toBeFocused()
    await expect(menu.getByRole('link', { name: 'Tehtävät' })).toHaveAttribute('aria-current', 'page')
    await expect(page.locator('[data-menu-tip]')).toHaveText('Tehtävät')
    await page.keyboard.press('Escape')
    await expect(page.locator('[data-menu-tip]')).toHaveCount(0)
    // Every rail entry is a Tab stop with a name, an icon inside the rail and a visible focus ring.
    const names: string[] = []
    for (let i = 0; i < 14; i += 1) {
      await page.keyboard.press('Tab')
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement
        if (!el.closest('#side-menu nav')) return null
        const box = el.getBoundingClientRect()
        const style = getComputedStyle(el)
        return {
          name: el.getAttribute('aria-label') ?? '',
          right: box.right,
          width: box.width,
          outline: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
        }
      })
      if (!stop) break
      expect(stop.name.length, JSON.stringify(stop)).toBeGreaterThan(0)
      expect(stop.right).toBeLessThanOrEqual(64)
      expect(stop.width).toBeGreaterThanOrEqual(40)
      expect(stop.outline, stop.name).toBe(true)
      names.push(stop.name)
    }
    expect(names).toEqual([
      'Datatuotteet',
      'Tietolähteet',
      'Selaa',
      'Pohjat',
      'Liittimet',
      'Muuntimet',
      'Tietomuodot',
      'Tapahtumat',
      'Valvonta',
      'Profiili',
      'Synkronointikeskus',
      'Kirjaudu ulos',
    ])
    // The sources group closes and opens in the rail too.
    const sources = menu.getByRole('button', { name: 'Tietolähteet' })
    await sources.click()
    await expect(sources).toHaveAttribute('aria-expanded', 'false')
    await expect(menu.getByRole('link', { name: 'Selaa' })).toHaveCount(0)
    await sources.click()
    await menu.getByRole('link', { name: 'Liittimet' }).click()
    await expect(page).toHaveURL(/\/connectors/)
    await expect(menu.getByRole('link', { name: 'Liittimet' })).toHaveAttribute('aria-current', 'page')
    // Version and environment stay on the rail, the switches wait for the open menu.
    await expect(page.getByTestId('rail-version')).toBeVisible()
    await expect(page.getByTestId('rail-version')).toContainText('sandbox')
    await expect(page.getByLabel('Ympäristö')).not.toBeVisible()
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations).toEqual([])
    await page.getByRole('button', { name: 'Avaa valikko' }).click()
    await expect(page.getByLabel('Ympäristö')).toBeVisible()
  })

  test('the language choice is stored and survives a reload', async ({ page }) => {
    await page.goto('/products')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi')
    await expect(page.getByRole('radio', { name: 'FI' })).toBeChecked()
    await page.getByText('EN', { exact: true }).click()
    await expect(page.getByRole('radio', { name: 'EN' })).toBeChecked()
    await expect(page.getByRole('heading', { name: 'Data Products' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en')
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Data Products' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    const box = await page.getByText('EN', { exact: true }).boundingBox()
    expect(box?.width).toBe(50)
  })

  test('an unknown route shows the 404 page with a link home', async ({ page }) => {
    await page.goto('/en/no-such-page')
    await expect(page.getByRole('heading', { name: 'Sivua ei löytynyt' })).toBeVisible()
    await page.getByText('EN', { exact: true }).click()
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible()
    await page.getByRole('link', { name: 'Back to home' }).click()
    await expect(page).not.toHaveURL(/no-such-page/)
  })

  test('a route error shows its status and message, with a way home', async ({ page }) => {
    await page.goto('/login')
    await page.getByText('EN', { exact: true }).click()
    await page.getByLabel('Access token').fill('demo-admin-token')
    await page.getByRole('button', { name: 'Sign in with token' }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/data-formats/00000000-0000-4000-8000-000000000000/edit')
    await expect(page.getByText('404', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible()
    // The platform's refusal in the user's words, its own text folded below.
    await expect(page.getByText('Not found: it may have been removed.')).toBeVisible()
    await page.getByText("The platform's message").click()
    await expect(page.getByTestId('platform-text')).toHaveText(
      'Data format 00000000-0000-4000-8000-000000000000 was not found',
    )
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
    // In Finnish, no English: the same page says it in Finnish.
    await page.getByText('FI', { exact: true }).click()
    await expect(page.getByText('Ei löytynyt: se on ehkä poistettu.')).toBeVisible()
    await page.getByText('EN', { exact: true }).click()
    await page.getByRole('link', { name: 'Back to home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('choosing Events resets the events error filter', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Käyttöoikeustunniste').fill('demo-operator-token')
    await page.getByRole('button', { name: 'Kirjaudu tunnisteella' }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.evaluate(() => localStorage.setItem('events.error', 'true'))
    const menu = page.getByRole('navigation', { name: 'Päävalikko' })
    await menu.getByRole('link', { name: 'Tapahtumat' }).click()
    await expect(page).toHaveURL(/\/events$/)
    await expect(menu.getByRole('link', { name: 'Tapahtumat' })).toHaveAttribute('aria-current', 'page')
    expect(await page.evaluate(() => localStorage.getItem('events.error'))).toBeNull()
  })

  test('at 390 px the menu is a drawer, closed by default, closed again after a choice', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/login')
    await expect(page.getByRole('navigation', { name: 'Päävalikko' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Avaa valikko' }).click()
    const drawer = page.getByRole('dialog', { name: 'Päävalikko' })
    await expect(drawer).toBeVisible()
    await drawer.getByRole('link', { name: 'Datatuotteet' }).click()
    await expect(page).toHaveURL(/\/products(\?|$)/)
    await expect(drawer).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Datatuotteet' })).toBeVisible()
  })

  test('organizationId in the query string is saved to local storage', async ({ page }) => {
    await page.goto('/products?organizationId=5d7a4b0e-0000-4000-8000-000000000001')
    await expect(page.getByRole('heading', { name: 'Datatuotteet' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('organizationId'))).toBe(
      '5d7a4b0e-0000-4000-8000-000000000001',
    )
  })

  for (const width of [1280, 390]) {
    test(`axe finds no violation on the shell at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      for (const path of ['/login', '/products', '/nope']) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        const results = await new AxeBuilder({ page }).analyze()
        expect(results.violations, path).toEqual([])
      }
    })
  }
})
