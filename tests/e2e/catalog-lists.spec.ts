import AxeBuilder from '@axe-core/playwright'
import { createItem } from './catalog-support'
import { expect, test } from './fixtures'
import { uniqueCode, useEnglish } from './support'

const LISTS = [
  { path: '/products', heading: 'Data Products', type: 'dataproduct' },
  { path: '/sources', heading: 'Data Sources', type: 'datasource' },
  { path: '/templates', heading: 'Templates', type: 'datasource-template' },
  { path: '/connectors', heading: 'Connectors', type: 'connector' },
  { path: '/transformers', heading: 'Transformers', type: 'transformer' },
]

test.describe('catalog lists', () => {
  test('each list shows its own type only, and axe finds nothing', async ({ signedIn: page, request }) => {
    // axe on five screens is heavy on a shared machine.
    test.slow()
    const made = []
    for (const list of LISTS) made.push(await createItem(request, list.type))
    for (const [i, list] of LISTS.entries()) {
      await page.goto(`${list.path}?page=1&limit=100&sortBy=createdAt`)
      await expect(page.getByRole('heading', { level: 1, name: list.heading })).toBeVisible()
      await expect(page.getByRole('row').filter({ hasText: made[i]?.productCode as string })).toBeVisible()
      for (const [j, other] of made.entries())
        if (j !== i) await expect(page.getByRole('row').filter({ hasText: other.productCode })).toHaveCount(0)
      const results = await new AxeBuilder({ page }).analyze()
      expect(results.violations, list.path).toEqual([])
    }
  })

  test('page two stays after a reload, from the URL and from local storage', async ({
    signedIn: page,
    request,
  }) => {
    for (let i = 0; i < 6; i++) await createItem(request, 'datasource-template')
    // Specs running alongside add templates, which moves rows from page to page: the rows to expect
    // are those of the platform's last answer for page two (offset 5, limit 5).
    let pageTwoFirst: string | undefined
    page.on('response', async (response) => {
      const url = new URL(response.url())
      const query = url.searchParams
      if (
        url.pathname === '/api/sandbox/products/v2' &&
        query.get('type') === 'datasource-template' &&
        query.get('offset') === '5' &&
        query.get('limit') === '5'
      ) {
        const body = (await response.json().catch(() => undefined)) as
          | { result?: { productCode?: string }[] }
          | undefined
        pageTwoFirst = body?.result?.[0]?.productCode
      }
    })
    const firstRow = page.getByTestId('catalog-row').first()
    const showsPageTwo = async () => {
      await expect(page.getByText(/Page 2 of/)).toBeVisible()
      await expect(page.getByTestId('catalog-row')).toHaveCount(5)
      await expect
        .poll(
          async () => pageTwoFirst !== undefined && (await firstRow.textContent())?.includes(pageTwoFirst),
        )
        .toBe(true)
    }
    await page.goto('/templates')
    await page.getByLabel('Rows per page').selectOption('5')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page).toHaveURL(/page=2/)
    await showsPageTwo()
    await page.reload()
    await showsPageTwo()
    // Without the URL, the page comes back from `templates.currentPage` and `templates.limit`.
    await page.goto('/')
    await page.goto('/templates')
    await showsPageTwo()
    expect(await page.evaluate(() => localStorage.getItem('templates.currentPage'))).toBe('2')
  })

  test('search, status and organization filters and sort ask the platform', async ({
    signedIn: page,
    request,
  }) => {
    const word = uniqueCode('needle')
    const draft = await createItem(request, 'connector', { name: `Draft ${word}`, status: 'draft' })
    const published = await createItem(request, 'connector', { name: `Live ${word}`, status: 'published' })
    await page.goto('/connectors')
    await page.getByRole('searchbox', { name: 'Search' }).fill(word)
    await page.getByRole('button', { name: 'Find' }).click()
    await expect(page.getByTestId('catalog-row')).toHaveCount(2)
    await page.getByLabel('Status').selectOption('draft')
    await expect(page.getByTestId('catalog-row')).toHaveCount(1)
    await expect(page.getByTestId('catalog-row')).toContainText(draft.productCode)
    await expect(page).toHaveURL(/status=draft/)
    await page.getByLabel('Status').selectOption('')
    await page.getByLabel('Sort by').selectOption('name')
    await page.getByLabel('Order').selectOption('asc')
    await expect(page.getByTestId('catalog-row').first()).toContainText(draft.productCode)
    await page.getByLabel('Order').selectOption('desc')
    await expect(page.getByTestId('catalog-row').first()).toContainText(published.productCode)
    // The column headers sort too: a press on "Product code" sorts by it, descending, a second ascending.
    const codeHeader = page.getByRole('columnheader', { name: /Product code/ })
    await codeHeader.getByRole('button').click()
    await expect(codeHeader).toHaveAttribute('aria-sort', 'descending')
    await expect(page).toHaveURL(/sortBy=productCode/)
    await codeHeader.getByRole('button').click()
    await expect(codeHeader).toHaveAttribute('aria-sort', 'ascending')
    await expect(page.getByLabel('Order')).toHaveValue('asc')
    await expect(page.getByTestId('catalog-row').first()).toContainText(
      [draft.productCode, published.productCode].sort()[0] as string,
    )

    // The organization filter: a seeded product's organization link filters the list by it.
    await page.goto('/products?page=1&limit=100')
    const seeded = page.getByTestId('catalog-row').filter({ hasText: /DATAPRODUCT_\d{3}/ })
    const orgLink = seeded.first().getByRole('button').first()
    const orgName = (await orgLink.textContent()) as string
    await orgLink.click()
    await expect(page).toHaveURL(/publisher=/)
    // The filter is not a switch of the current organization (the `organizationId` query parameter).
    expect(await page.evaluate(() => localStorage.getItem('organizationId'))).toBeNull()
    await expect(page.getByLabel('Publisher')).toHaveValue(/.+/)
    // The filtered list replaces the one shown meanwhile: every row, once settled, is of that organization.
    const rows = page.getByTestId('catalog-row')
    await expect(page.getByText('Refreshing…')).toHaveCount(0)
    await expect(rows.first()).toContainText(orgName)
    await expect(rows.filter({ hasNotText: orgName })).toHaveCount(0)
  })

  test('anonymous visitors browse public products and open one; private ones stay hidden', async ({
    page,
    request,
  }) => {
    await useEnglish(page)
    const open = await createItem(request, 'dataproduct', { description: 'Open to all' })
    const hidden = await createItem(request, 'dataproduct', {
      visibility: { type: 'private', visibleTo: [] },
    })
    await page.goto(`/products?q=${open.productCode}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Data Products' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'New data product' })).toHaveCount(0)
    await page.getByRole('link', { name: open.name }).click()
    await expect(page.getByRole('heading', { level: 1, name: open.name })).toBeVisible()
    await expect(page.getByText('Open to all')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
    await page.goto(`/products?q=${hidden.productCode}`)
    await expect(page.getByText('Nothing to show')).toBeVisible()
  })

  for (const width of [1280, 390]) {
    test(`screenshots of the product list and form at ${width} px`, async ({ signedIn: page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/products')
      await expect(page.getByTestId('catalog-row').first()).toBeVisible()
      await page.screenshot({ path: `tests/.artifacts/catalog-list-${width}.png`, fullPage: true })
      await page.goto('/sources/create')
      await page.getByRole('tab', { name: 'Connector', exact: true }).click()
      await expect(page.getByText('Connector not selected')).toBeVisible()
      await page.screenshot({ path: `tests/.artifacts/catalog-form-${width}.png`, fullPage: true })
    })
  }
})
