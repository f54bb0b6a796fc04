import { expect, test } from '@playwright/test'
import { platform, signInWithToken, uniqueCode, useEnglish } from './support'

// Environment, API version and organization are part of what a screen shows: a switch never leaves
// another scope's list on screen, a bogus organization id is not kept, and a screen the menu hides on
// a version is not reachable by its address.

test.beforeEach(async ({ page }) => {
  await useEnglish(page)
})

test("switching environment shows the other environment's list at once, without a reload", async ({
  page,
  request,
}) => {
  const sandboxName = uniqueCode('sandbox_only')
  const productionName = uniqueCode('production_only')
  for (const [env, code] of [
    ['sandbox', sandboxName],
    ['production', productionName],
  ]) {
    const { status } = await platform(request, 'POST', `/api/${env}/internal/products/v2/data-formats`, {
      dataFormatCode: code,
      name: `Format ${code}`,
    })
    expect(status).toBeLessThan(300)
  }
  await signInWithToken(page)
  await page.goto('/data-formats?page=1&limit=100')
  await expect(page.getByRole('cell', { name: sandboxName, exact: true })).toBeVisible()
  const loads: string[] = []
  page.on('framenavigated', (frame) => frame === page.mainFrame() && loads.push(frame.url()))

  await page.getByLabel('Environment').selectOption('production')
  await expect(page.getByRole('cell', { name: productionName, exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: sandboxName, exact: true })).toHaveCount(0)
  expect(loads, 'no page reload').toEqual([])

  await page.getByLabel('Environment').selectOption('sandbox')
  await expect(page.getByRole('cell', { name: sandboxName, exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: productionName, exact: true })).toHaveCount(0)
  // The menu is dark: its native selects are drawn dark too (WebKitGTK would draw them light).
  for (const label of ['Environment', 'API version'])
    await expect(page.getByLabel(label)).toHaveCSS('color-scheme', 'dark')
})

test("a bogus ?organizationId is dropped once the platform has listed the user's organizations", async ({
  page,
}) => {
  await signInWithToken(page)
  const sent: string[] = []
  await page.goto('/products?organizationId=not-an-organization-of-mine')
  await expect(page.getByRole('heading', { name: 'Data Products' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('organizationId'))).toBeNull()
  page.on('request', (r) => {
    const org = r.headers()['organization-id']
    if (org) sent.push(org)
  })
  await page.getByRole('link', { name: 'Data Formats' }).click()
  await page.getByRole('link', { name: 'Data Products' }).click()
  await expect(page.getByRole('heading', { name: 'Data Products' })).toBeVisible()
  await page.goto('/products')
  await expect(page.getByRole('heading', { name: 'Data Products' })).toBeVisible()
  await expect(page.getByLabel('Organization')).toHaveValue('')
  expect(sent.filter((o) => o === 'not-an-organization-of-mine')).toEqual([])
})

test('the sources screens, hidden from the menu on API v1, are not reachable by address on v1', async ({
  page,
}) => {
  await signInWithToken(page)
  await page.goto('/sources')
  await expect(page.getByRole('heading', { name: 'Data Sources' })).toBeVisible()
  await page.getByLabel('API version').selectOption('v1')
  await expect(page.getByRole('heading', { name: 'Data Sources' })).toHaveCount(0)
  for (const path of ['/sources', '/templates', '/connectors/create', '/transformers']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'This page could not be found' }), path).toBeVisible()
  }
  await page.getByLabel('API version').selectOption('v2')
  await page.goto('/sources')
  await expect(page.getByRole('heading', { name: 'Data Sources' })).toBeVisible()
})
