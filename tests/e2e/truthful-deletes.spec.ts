import type { Page, Route } from '@playwright/test'
import { createContract, DAY, ORGANIZATIONS } from './commerce-support'
import { expect, test } from './fixtures'
import { platform, waitForCached, waitForServiceWorker } from './support'

type Request = Parameters<typeof platform>[0]

const formatStatus = async (request: Request, id: string) =>
  (await platform(request, 'GET', `/api/sandbox/products/v2/data-formats/${id}`)).status
const itemStatus = async (request: Request, id: string) =>
  (await platform(request, 'GET', `/api/sandbox/products/v2/${id}`)).status

/** Holds the platform's answer to the DELETE of `path` back a while, so its waiting can be seen. */
async function slowDelete(page: Page, path: string) {
  await page.route(path, async (route: Route) => {
    if (route.request().method() === 'DELETE') await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.fallback()
  })
}

/** Makes the platform answer the DELETE of `path` with `status` (a refusal the test cannot make for real). */
async function refuseDelete(page: Page, path: string, status: number, message: string) {
  await page.route(path, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message }),
        })
      : route.fallback(),
  )
}

/**
 * Opens the delete dialog of the row or screen button named `button` (the list's "Delete <name>"),
 * and gives the dialog with its confirming button, named `confirmName` ("Delete", or "Poista" in Finnish).
 */
async function openDelete(page: Page, button: string, confirmName = 'Delete') {
  await page.getByRole('button', { name: button }).click()
  const dialog = page.getByRole('dialog')
  return { dialog, confirm: dialog.getByRole('button', { name: confirmName }) }
}

/**
 * Confirms a delete the platform is slow to answer: while it is asked the dialog stays with its button
 * busy and no "deleted" notice (`whileAsked` looks at more then), and once it answered the dialog
 * closes and the notice says `name` was deleted.
 */
async function confirmWhileAsked(
  page: Page,
  { dialog, confirm }: Awaited<ReturnType<typeof openDelete>>,
  name: string,
  whileAsked?: () => Promise<void>,
) {
  await expect(confirm).toBeEnabled()
  await confirm.click()
  await expect(confirm).toHaveAttribute('aria-busy', 'true')
  await whileAsked?.()
  expect(await page.getByText(`${name} deleted.`).count()).toBe(0)
  await expect(dialog).toBeHidden({ timeout: 15_000 })
  await expect(page.getByTestId('notices')).toContainText(`${name} deleted.`)
}

test.describe('deletes follow the platform answer', () => {
  test('data format, online: the dialog waits busy for the platform, then the row goes and "deleted" shows', async ({
    signedIn: page,
    made,
    request,
  }) => {
    const format = await made.format({ prefix: 'DEL' })
    await page.goto('/data-formats?page=1&limit=100')
    await slowDelete(page, `**/data-formats/${format.id}`)
    await confirmWhileAsked(page, await openDelete(page, `Delete ${format.name}`), format.name)
    await expect(page.getByRole('row').filter({ hasText: format.code })).toHaveCount(0)
    expect(await formatStatus(request, format.id)).toBe(404)
  })

  test('data format, online: a 503 says in the dialog that the delete is kept to send again', async ({
    signedIn: page,
    made,
    request,
  }) => {
    const format = await made.format({ prefix: 'DEL' })
    await page.goto('/data-formats?page=1&limit=100')
    await refuseDelete(page, `**/data-formats/${format.id}`, 503, 'Down for maintenance')
    const { dialog, confirm } = await openDelete(page, `Delete ${format.name}`)
    await confirm.click()
    await expect(dialog.getByTestId('platform-refusal')).toContainText(
      'The platform could not delete it now (503). The delete is kept on this device and will be sent again.',
      { timeout: 15_000 },
    )
    await expect(confirm).toBeDisabled()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('row').filter({ hasText: format.code })).toContainText('Waiting to sync')
    expect(await formatStatus(request, format.id)).toBe(200)
  })

  test('data format, offline: the delete is queued, the row waits and the notice says it will be sent', async ({
    signedIn: page,
    made,
    context,
    request,
  }) => {
    const format = await made.format({ prefix: 'DEL' })
    await page.goto('/data-formats?page=1&limit=100')
    await expect(page.getByRole('row').filter({ hasText: format.code })).toBeVisible()
    await waitForServiceWorker(page)
    await waitForCached(page, format.code)
    await context.setOffline(true)
    const { dialog, confirm } = await openDelete(page, `Delete ${format.name}`)
    await confirm.click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('notices')).toContainText(
      `${format.name} is saved on this device and will be sent when the platform can be reached.`,
    )
    expect(await page.getByText(`${format.name} deleted.`).count()).toBe(0)
    await expect(page.getByRole('row').filter({ hasText: format.code })).toContainText('Waiting to sync')
    expect(await formatStatus(request, format.id)).toBe(200)

    await context.setOffline(false)
    await expect.poll(() => formatStatus(request, format.id), { timeout: 20_000 }).toBe(404)
  })

  test('catalog list, online: a connector is deleted only once the platform did it', async ({
    signedIn: page,
    made,
    request,
  }) => {
    const connector = await made.product('connector')
    await page.goto(`/connectors?q=${connector.productCode}`)
    await slowDelete(page, `**/products/v2/${connector.id}`)
    await confirmWhileAsked(
      page,
      await openDelete(page, `Delete ${connector.name}`),
      connector.name,
      async () => {
        // The modal hides the list from the accessibility tree: the row is found as markup.
        expect(await page.locator('tr', { hasText: connector.productCode }).count()).toBe(1)
      },
    )
    await expect(page.getByRole('row').filter({ hasText: connector.productCode })).toHaveCount(0)
    expect(await itemStatus(request, connector.id)).toBe(404)
  })

  test('catalog list, offline: a source delete is queued, its row waits and the notice says it will be sent', async ({
    signedIn: page,
    made,
    context,
    request,
  }) => {
    const source = await made.product('datasource')
    await page.goto(`/sources?q=${source.productCode}`)
    await expect(page.getByRole('row').filter({ hasText: source.productCode })).toBeVisible()
    await waitForServiceWorker(page)
    await waitForCached(page, source.productCode)
    await context.setOffline(true)
    const { dialog, confirm } = await openDelete(page, `Delete ${source.name}`)
    // Offline the use cannot be checked: the platform decides when the delete is sent.
    await expect(dialog).toContainText('Could not check what uses it now')
    await confirm.click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('notices')).toContainText(
      `${source.name} is saved on this device and will be sent when the platform can be reached.`,
    )
    await expect(page.getByRole('row').filter({ hasText: source.productCode })).toContainText(
      'Waiting to sync',
    )
    expect(await itemStatus(request, source.id)).toBe(200)
    await context.setOffline(false)
    await expect.poll(() => itemStatus(request, source.id), { timeout: 20_000 }).toBe(404)
  })

  test('product detail, online: Delete leaves the product only once the platform deleted it', async ({
    signedIn: page,
    made,
    request,
  }) => {
    const product = await made.product('dataproduct')
    await page.goto(`/products/${product.id}`)
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible()
    await slowDelete(page, `**/products/v2/${product.id}`)
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Delete' })
    await expect(confirm).toBeEnabled()
    await confirm.click()
    await expect(confirm).toHaveAttribute('aria-busy', 'true')
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`))
    await expect(page).toHaveURL(/\/products(\?|$)/, { timeout: 15_000 })
    await expect(page.getByTestId('notices')).toContainText(`${product.name} deleted.`)
    expect(await itemStatus(request, product.id)).toBe(404)
  })

  test.describe('in Finnish', () => {
    test.use({ consoleLocale: 'fi' })

    test('data format, online: a 403 refusal stays in the dialog in Finnish, and nothing is left queued', async ({
      signedIn: page,
      made,
      request,
    }) => {
      const format = await made.format({ prefix: 'DEL' })
      await page.goto('/data-formats?page=1&limit=100')
      await refuseDelete(page, `**/data-formats/${format.id}`, 403, 'Access denied.')
      const { dialog, confirm } = await openDelete(page, `Poista ${format.name}`, 'Poista')
      await confirm.click()
      await expect(dialog.getByTestId('platform-refusal')).toContainText(
        'Sinulla ei ole oikeutta tehdä tätä muutosta.',
        { timeout: 15_000 },
      )
      await expect(dialog.getByTestId('platform-text')).toContainText('403: Access denied.')
      expect(await page.getByText(`${format.name} poistettu.`).count()).toBe(0)
      await dialog.getByRole('button', { name: 'Peruuta' }).click()
      await expect(dialog).toBeHidden()
      const row = page.getByRole('row').filter({ hasText: format.code })
      await expect(row).toBeVisible()
      await expect(row).not.toContainText('Ei synkronoitu')
      await expect(page.getByRole('link', { name: /muutos(ta)? odottaa/ })).toHaveCount(0)
      expect(await formatStatus(request, format.id)).toBe(200)
    })

    test('catalog list: a connector a source uses says which, in Finnish, and cannot be confirmed', async ({
      signedIn: page,
      made,
      request,
    }) => {
      const connector = await made.product('connector')
      const source = await made.product('datasource', { connector: connector.id })
      await page.goto(`/connectors?q=${connector.productCode}`)
      const { dialog, confirm } = await openDelete(page, `Poista ${connector.name}`, 'Poista')
      await expect(dialog.getByTestId('catalog-used-by')).toHaveText(
        `1 kohde tai sopimus käyttää sitä, joten sitä ei voi poistaa: ${source.name}.`,
      )
      await expect(confirm).toBeDisabled()
      await dialog.getByRole('button', { name: 'Peruuta' }).click()
      expect(await itemStatus(request, connector.id)).toBe(200)
    })

    test('catalog list: when the platform refuses with 409 (used meanwhile), the dialog says why in Finnish and names the user', async ({
      signedIn: page,
      made,
      request,
    }) => {
      const product = await made.product('dataproduct', {
        publisherOrganizationId: ORGANIZATIONS.first,
      })
      await page.goto(`/products?q=${product.productCode}`)
      // The first check finds nothing; a contract is made before the delete reaches the platform.
      await page.route(
        `**/products/v2/${product.id}/used-by`,
        (route) =>
          route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ success: true, result: { count: 0, items: [] } }),
          }),
        { times: 1 },
      )
      const { dialog, confirm } = await openDelete(page, `Poista ${product.name}`, 'Poista')
      await expect(confirm).toBeEnabled()
      await createContract(request, product.id, ORGANIZATIONS.second, new Date(), new Date(Date.now() + DAY))
      await confirm.click()
      await expect(dialog.getByTestId('platform-refusal')).toContainText(
        'Jokin käyttää sitä, joten alusta ei poistanut sitä.',
        { timeout: 15_000 },
      )
      await expect(dialog.getByTestId('platform-text')).toContainText(
        '409: Tuote on käytössä, eikä sitä voi poistaa.',
      )
      await expect(dialog.getByTestId('catalog-used-by')).toContainText('1 kohde tai sopimus käyttää sitä')
      await expect(confirm).toBeDisabled()
      await dialog.getByRole('button', { name: 'Peruuta' }).click()
      await expect(page.getByRole('row').filter({ hasText: product.productCode })).toBeVisible()
      expect(await itemStatus(request, product.id)).toBe(200)
    })
  })
})
