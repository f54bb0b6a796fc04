import type { APIRequestContext, Page } from '@playwright/test'
import { createContract, createProduct, DAY, ORGANIZATIONS, organizationName } from './commerce-support'
import { expect, test } from './fixtures'
import { platform, waitForServiceWorker } from './support'

/** The contracts the platform holds for a product. */
const contractsOf = async (request: APIRequestContext, productId: string) =>
  (
    await platform<{ consumerOrganizationId: string }[]>(
      request,
      'GET',
      `/api/sandbox/products/v2/contracts?productId=${productId}`,
    )
  ).json.result

/** A contract of `organization` for the product, valid from `from` to `to` days from now (negative: ago). */
const contract = (
  request: APIRequestContext,
  productId: string,
  organization: string,
  from: number,
  to: number,
) =>
  createContract(
    request,
    productId,
    organization,
    new Date(Date.now() + from * DAY),
    new Date(Date.now() + to * DAY),
  )

/** The new-contract form's names, in the console's English and Finnish. */
const FORM_LABELS = {
  en: {
    open: 'New contract',
    consumer: 'Data consumer',
    from: 'Valid from',
    to: 'Valid to',
    create: 'Create contract',
  },
  fi: {
    open: 'Uusi sopimus',
    consumer: 'Datan kuluttaja',
    from: 'Voimassa alkaen',
    to: 'Voimassa asti',
    create: 'Luo sopimus',
  },
}

/**
 * Opens the product page's new-contract form and fills it in for `consumer`, valid from today for ten
 * days, reading the labels of the console's `locale`; returns the form and its create button, unpressed.
 */
async function fillNewContract(page: Page, consumer: string, locale: keyof typeof FORM_LABELS = 'en') {
  const labels = FORM_LABELS[locale]
  await page.getByRole('button', { name: labels.open }).click()
  const form = page.getByRole('group', { name: labels.open })
  await form.getByLabel(labels.consumer).selectOption({ label: consumer })
  await form.getByLabel(labels.from).fill(new Date().toISOString().slice(0, 10))
  await form.getByLabel(labels.to).fill(new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10))
  return { form, create: form.getByRole('button', { name: labels.create }) }
}

test.describe('contracts and purchases', () => {
  test('the purchase dialog asks for an organization, then a contract valid now, then buys', async ({
    signedIn: page,
    request,
  }) => {
    const product = await createProduct(request, 'dataproduct')
    await contract(request, product.id, ORGANIZATIONS.second, -1, 30)
    // Neither of these can be bought under today: one has ended, the other is another organization's.
    await contract(request, product.id, ORGANIZATIONS.second, -60, -30)
    await contract(request, product.id, ORGANIZATIONS.first, -1, 30)
    const buyer = await organizationName(request, ORGANIZATIONS.second)

    await page.goto(`/products/${product.id}`)
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible()
    await page.getByRole('button', { name: 'Purchase' }).click()
    const dialog = page.getByRole('dialog', { name: `Purchase ${product.name}` })
    await dialog.getByRole('button', { name: 'Buy' }).click()
    await expect(dialog.getByText('No organization selected.')).toBeVisible()

    await dialog.getByLabel('Organization').selectOption({ label: buyer })
    await dialog.getByRole('button', { name: 'Buy' }).click()
    await expect(dialog.getByText('No contract selected.')).toBeVisible()
    await expect(dialog.getByText('No organization selected.')).toHaveCount(0)
    // Only the contract valid now for this organization is offered (plus the empty choice).
    await expect(dialog.getByLabel('Contract').locator('option')).toHaveCount(2)

    await dialog.getByLabel('Contract').selectOption({ index: 1 })
    await dialog.getByRole('button', { name: 'Buy' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Product Purchased')).toBeVisible()
    const events = await platform<
      { itemList?: { type: string; productId?: string }[] } | { type: string; productId?: string }[]
    >(request, 'GET', `/api/sandbox/events?limit=50`)
    const list = Array.isArray(events.json.result) ? events.json.result : (events.json.result?.itemList ?? [])
    expect(list.some((e) => e.type === 'PRODUCT_PURCHASED' && e.productId === product.id)).toBe(true)
  })

  test('contracts are listed with their state, and a new one is created', async ({
    signedIn: page,
    request,
  }) => {
    const product = await createProduct(request, 'dataproduct')
    await contract(request, product.id, ORGANIZATIONS.first, -60, -30)
    const consumer = await organizationName(request, ORGANIZATIONS.second)

    await page.goto(`/products/${product.id}`)
    const table = page.getByRole('table', { name: 'Contracts' })
    await expect(table.getByRole('row')).toHaveCount(2)
    await expect(table.getByRole('row').nth(1)).toContainText('Expired')

    await page.getByRole('button', { name: 'New contract' }).click()
    const form = page.getByRole('group', { name: 'New contract' })
    await form.getByRole('button', { name: 'Create contract' }).click()
    await expect(form.getByText('This field is required')).toHaveCount(3)
    await form.getByLabel('Data consumer').selectOption({ label: consumer })
    await form.getByLabel('Valid from').fill('2026-01-10')
    await form.getByLabel('Valid to').fill('2026-01-09')
    await form.getByRole('button', { name: 'Create contract' }).click()
    await expect(form.getByText('Valid to must be after valid from.')).toBeVisible()
    const today = new Date().toISOString().slice(0, 10)
    const later = new Date(Date.now() + 90 * DAY).toISOString().slice(0, 10)
    await form.getByLabel('Valid from').fill(today)
    await form.getByLabel('Valid to').fill(later)
    await form.getByRole('button', { name: 'Create contract' }).click()

    await expect(page.getByText('Contract created')).toBeVisible()
    const row = table.getByRole('row').filter({ hasText: consumer })
    await expect(row).toContainText('Valid')
    await expect(row).not.toContainText('Waiting to sync', { timeout: 15_000 })
    await expect
      .poll(async () => {
        return ((await contractsOf(request, product.id)) ?? []).map((c) => c.consumerOrganizationId).sort()
      })
      .toEqual([ORGANIZATIONS.first, ORGANIZATIONS.second].sort())
  })

  test('a new contract the platform refused is listed by its badge, never as valid', async ({
    signedIn: page,
    request,
  }) => {
    const product = await createProduct(request, 'dataproduct')
    const consumer = await organizationName(request, ORGANIZATIONS.second)
    await page.route('**/api/sandbox/products/v2/contracts', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, message: 'Access denied' }),
          })
        : route.fallback(),
    )
    await page.goto(`/products/${product.id}`)
    const { create } = await fillNewContract(page, consumer)
    await create.click()
    const row = page.getByRole('table', { name: 'Contracts' }).getByRole('row').filter({ hasText: consumer })
    await expect(row).toContainText('Not synced', { timeout: 15_000 })
    await expect(row.getByText('Valid', { exact: true })).toHaveCount(0)
    expect(await contractsOf(request, product.id)).toHaveLength(0)
  })

  test('the new-contract form takes the focus as it opens and gives it back as it closes', async ({
    signedIn: page,
    request,
  }) => {
    const product = await createProduct(request, 'dataproduct')
    await page.goto(`/products/${product.id}`)
    const open = page.getByRole('button', { name: 'New contract' })
    await open.focus()
    await page.keyboard.press('Enter')
    const form = page.getByRole('group', { name: 'New contract' })
    await expect(form.getByLabel('Data consumer')).toBeFocused()
    await form.getByRole('button', { name: 'Cancel' }).focus()
    await page.keyboard.press('Enter')
    await expect(form).toHaveCount(0)
    await expect(open).toBeFocused()
  })

  test('offline, the purchase is disabled with the reason, and a contract waits in the outbox', async ({
    signedIn: page,
    context,
    request,
  }) => {
    const product = await createProduct(request, 'dataproduct')
    const consumer = await organizationName(request, ORGANIZATIONS.second)
    await page.goto(`/products/${product.id}`)
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible()
    await expect(page.getByText('No contracts yet.')).toBeVisible()
    await waitForServiceWorker(page)
    await context.setOffline(true)

    const purchase = page.getByRole('button', { name: 'Purchase' })
    await expect(purchase).toBeDisabled()
    await expect(purchase).toHaveAccessibleDescription('Needs a connection: this cannot wait in the queue.')

    const { create } = await fillNewContract(page, consumer)
    await create.click()
    // Not "created": the platform has not seen it yet.
    await expect(
      page.getByText(
        'The contract is saved on this device and will be sent when the platform can be reached.',
      ),
    ).toBeVisible()
    await expect(page.getByText('Contract created')).toHaveCount(0)
    const row = page.getByRole('table', { name: 'Contracts' }).getByRole('row').filter({ hasText: consumer })
    await expect(row).toContainText('Waiting to sync')

    await context.setOffline(false)
    await expect(row).not.toContainText('Waiting to sync', { timeout: 20_000 })
    await expect(purchase).toBeEnabled()
    expect(await contractsOf(request, product.id)).toHaveLength(1)
  })

  test.describe('in Finnish', () => {
    test.use({ consoleLocale: 'fi' })

    test('online, a contract the platform refuses keeps the form open with its message, in Finnish', async ({
      signedIn: page,
      request,
    }) => {
      const product = await createProduct(request, 'dataproduct')
      const consumer = await organizationName(request, ORGANIZATIONS.second)
      await page.goto(`/products/${product.id}`)
      // The platform refuses the first try (as a rule of its own would), after a while; the second goes through.
      await page.route(
        '**/api/sandbox/products/v2/contracts',
        async (route) => {
          if (route.request().method() !== 'POST') return route.fallback()
          await new Promise((resolve) => setTimeout(resolve, 1000))
          await route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              success: false,
              message: 'validTo: Too far ahead',
              error: {
                message: 'validTo: Too far ahead',
                issues: [{ path: 'validTo', message: 'Too far ahead' }],
              },
            }),
          })
        },
        { times: 1 },
      )
      const { form, create } = await fillNewContract(page, consumer, 'fi')
      await create.click()
      await expect(create).toHaveAttribute('aria-busy', 'true')
      await expect(form.getByTestId('platform-refusal')).toContainText(
        'Alusta ei hyväksynyt muutosta. Korjaa merkityt kentät ja tallenna uudelleen.',
        { timeout: 15_000 },
      )
      await expect(form.getByText('Alusta ei hyväksynyt tätä arvoa.')).toBeVisible()
      await expect(form.getByLabel('Voimassa asti')).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByText('Sopimus luotu')).toHaveCount(0)
      expect(await contractsOf(request, product.id)).toHaveLength(0)

      // Saved again from the same open form, the platform takes it: only now "created".
      await create.click()
      await expect(page.getByText('Sopimus luotu')).toBeVisible({ timeout: 15_000 })
      await expect(form).toBeHidden()
      expect(await contractsOf(request, product.id)).toHaveLength(1)
    })
  })
})
