import { expect, test } from './fixtures'

// Environment, API version and organization are part of what a screen shows: a switch never leaves
// another scope's list on screen, a bogus organization id is not kept, and a screen the menu hides on
// a version is not reachable by its address.

test("switching environment shows the other environment's list at once, without a reload", async ({
  signedIn: page,
  made,
}) => {
  const { code: sandboxName } = await made.format({ prefix: 'sandbox_only' })
  const { code: productionName } = await made.format({ prefix: 'production_only', env: 'production' })
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
  signedIn: page,
}) => {
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
  signedIn: page,
}) => {
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

test('what a form holds is kept as its draft when the environment is switched mid-typing', async ({
  signedIn: page,
}) => {
  await page.goto('/data-formats/create')
  await page.getByLabel('Code').fill('SCOPE_DRAFT')
  await page.getByLabel('Name').fill('Typed just before the switch')
  // At once, well within the pause after which typing is kept as a draft anyway.
  await page.getByLabel('Environment').selectOption('production')
  // Switched (the selector re-renders with it): a choice made meanwhile could be undone by that render.
  await expect(page.getByText(/^Version .+ · production$/)).toBeVisible()
  await page.getByLabel('Environment').selectOption('sandbox')
  await expect(page.getByText('You have an unsaved draft')).toBeVisible()
  await page.getByRole('button', { name: 'Restore draft' }).click()
  await expect(page.getByLabel('Name')).toHaveValue('Typed just before the switch')
  await expect(page.getByLabel('Code')).toHaveValue('SCOPE_DRAFT')
})
