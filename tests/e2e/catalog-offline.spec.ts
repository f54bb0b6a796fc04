import AxeBuilder from '@axe-core/playwright'
import { createItem, findByCode } from './catalog-support'
import { expect, test } from './fixtures'
import { uniqueCode, waitForCached, waitForServiceWorker } from './support'

test.describe('catalog offline', () => {
  test('a cached source list shows offline with its time; a source created offline waits, then reaches the platform', async ({
    signedIn: page,
    context,
    request,
  }) => {
    const known = await createItem(request, 'datasource')
    const code = uniqueCode('OFFLINE')
    await page.goto('/sources?page=1&limit=100&sortBy=createdAt')
    await expect(page.getByRole('row').filter({ hasText: known.productCode })).toBeVisible()
    await waitForServiceWorker(page)
    await waitForCached(page, known.productCode)

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('row').filter({ hasText: known.productCode })).toBeVisible()
    await expect(page.getByText(/Fetched (today|yesterday|on .+) at/)).toBeVisible()

    await page.getByRole('link', { name: 'New data source' }).click()
    await page.getByLabel('Name').fill('Written offline')
    await page.getByLabel('Product code').fill(code)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Waiting to sync')
    // A queued source shows in the source list only, not among the products.
    await page.goto('/products?page=1&limit=100')
    await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0)
    expect(await findByCode(request, code)).toHaveLength(0)
    // The waiting mark shows once the new page has read the outbox: only then does its going away
    // below mean the change was sent.
    const waiting = page.getByRole('link', { name: /changes? waits?/ })
    await expect(waiting).toBeVisible()

    await context.setOffline(false)
    await expect(waiting).toHaveCount(0, { timeout: 20_000 })
    await expect
      .poll(async () => (await findByCode(request, code))[0])
      .toMatchObject({
        name: 'Written offline',
        type: 'datasource',
      })
  })

  test('axe finds nothing on the product form, detail and a source form', async ({
    signedIn: page,
    request,
  }) => {
    // axe on five screens is heavy on a shared machine.
    test.slow()
    const product = await createItem(request, 'dataproduct', { industries: ['energy'] })
    for (const [path, tab] of [
      [`/products/${product.id}`, undefined],
      ['/products/create', 'Configuration'],
      [`/products/${product.id}/edit`, 'Actions'],
      ['/sources/create', 'Connector'],
      ['/transformers/create', 'Mapper'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      if (tab) await page.getByRole('tab', { name: tab, exact: true }).click()
      const results = await new AxeBuilder({ page }).analyze()
      expect(results.violations, path).toEqual([])
    }
  })
})
