import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { createContract, createProduct, DAY, ORGANIZATIONS } from './commerce-support'
import { expect, test } from './fixtures'

/** Axe over the commerce panels (the catalog screens around them are tested by their own area). */
const axe = (page: Page, selector: string) => new AxeBuilder({ page }).include(selector).analyze()

for (const width of [1280, 390]) {
  test(`commerce panels at ${width} px: no axe violations, screenshots`, async ({
    signedIn: page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const product = await createProduct(request, 'dataproduct')
    await createContract(
      request,
      product.id,
      ORGANIZATIONS.second,
      new Date(Date.now() - DAY),
      new Date(Date.now() + 90 * DAY),
    )
    const transformer = await createProduct(request, 'transformer')
    const source = await createProduct(request, 'datasource')
    const shot = (name: string) =>
      page.screenshot({ path: `tests/.artifacts/commerce-${name}-${width}.png`, fullPage: true })

    await page.goto(`/products/${product.id}`)
    const contracts = page.getByRole('region', { name: 'Contracts' })
    await expect(contracts.getByRole('row')).toHaveCount(2)
    await contracts.getByRole('button', { name: 'New contract' }).click()
    await page.getByRole('region', { name: 'Credentials' }).getByLabel('Name 1').fill('user')
    await shot('detail')
    expect((await axe(page, 'main')).violations).toEqual([])

    await page.getByRole('button', { name: 'Purchase' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Buy' }).click()
    await expect(page.getByRole('dialog').getByText('No organization selected.')).toBeVisible()
    await shot('purchase')
    expect((await axe(page, '[role="dialog"]')).violations).toEqual([])
    await page.keyboard.press('Escape')

    await page.goto(`/transformers/${transformer.id}/edit`)
    await page.getByRole('tab', { name: 'Files' }).click()
    await expect(page.getByRole('list', { name: 'Mapper' })).toBeVisible()
    await shot('files')
    expect((await axe(page, '[role="tabpanel"]')).violations).toEqual([])

    await page.goto(`/sources/${source.id}/edit`)
    await page.getByRole('tab', { name: 'Task and meta data' }).click()
    await page.getByRole('textbox', { name: 'Meta data' }).fill('[]')
    await page.getByRole('button', { name: 'Save Meta data' }).click()
    await expect(page.getByText('Please enter a valid object')).toBeVisible()
    await shot('source')
    expect((await axe(page, '[role="tabpanel"]')).violations).toEqual([])
  })
}
