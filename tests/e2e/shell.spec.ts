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
    expect((await aside.boundingBox())?.width).toBe(237)
    await expect(page.getByRole('link', { name: 'Datatuotteet' })).toHaveAttribute('aria-current', 'page')
    await page.getByRole('link', { name: 'Kirjaudu' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('link', { name: 'Kirjaudu' })).toHaveAttribute('aria-current', 'page')
    await page.getByRole('button', { name: 'Sulje valikko' }).click()
    await expect(aside).toHaveCount(0)
    await page.getByRole('button', { name: 'Avaa valikko' }).click()
    await expect(aside).toBeVisible()
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
    await expect(
      page.getByText('Data format 00000000-0000-4000-8000-000000000000 was not found'),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
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
