import { randomUUID } from 'node:crypto'
import { ORGANIZATIONS } from './commerce-support'
import { expect, test } from './fixtures'
import { createFormat, OPERATOR_TOKEN, platform, uniqueCode, waitForServiceWorker } from './support'

type Request = Parameters<typeof platform>[0]

async function productWithFormat(request: Request, name: string, outputFormat: string) {
  const { status, json } = await platform<{ id: string }>(
    request,
    'POST',
    '/api/sandbox/internal/products/v2',
    {
      name,
      productCode: uniqueCode('USES'),
      type: 'dataproduct',
      status: 'draft',
      publisherOrganizationId: ORGANIZATIONS.first,
      outputFormat,
    },
  )
  expect(status).toBe(201)
  return json.result as { id: string }
}

test.describe('references stay whole', () => {
  test.describe('in Finnish', () => {
    test.use({ consoleLocale: 'fi' })

    test('deleting a data format in use says how many and which use it, and cannot be confirmed', async ({
      signedIn: page,
      request,
    }) => {
      const format = await createFormat(request, { name: `Käytössä ${uniqueCode('f')}`, prefix: 'REF' })
      const user = `Käyttäjätuote ${uniqueCode('p')}`
      await productWithFormat(request, user, format.id)
      await page.goto('/data-formats')
      await page.getByRole('button', { name: `Poista ${format.name}` }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByTestId('data-format-used-by')).toHaveText(
        `1 kohde käyttää tätä tietomuotoa, joten sitä ei voi poistaa: ${user}.`,
      )
      await expect(dialog.getByRole('button', { name: 'Poista' })).toBeDisabled()
      await dialog.getByRole('button', { name: 'Peruuta' }).click()
      const { status } = await platform(request, 'GET', `/api/sandbox/products/v2/data-formats/${format.id}`)
      expect(status).toBe(200)
    })

    test('a delete queued offline that the platform refuses (409) says why in the sync centre, in Finnish', async ({
      signedIn: page,
      context,
      request,
    }) => {
      const format = await createFormat(request, { name: `Jonossa ${uniqueCode('f')}`, prefix: 'REF' })
      await productWithFormat(request, `Käyttää ${uniqueCode('p')}`, format.id)
      await page.goto('/data-formats')
      await waitForServiceWorker(page)
      await context.setOffline(true)
      await page.getByRole('button', { name: `Poista ${format.name}` }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toContainText('Käyttöä ei voitu nyt tarkistaa')
      await dialog.getByRole('button', { name: 'Poista' }).click()
      // The dialog closes once the delete is kept on this device: leaving before would be leaving it.
      await expect(dialog).toBeHidden()
      await context.setOffline(false)
      await page.goto('/outbox')
      await expect(page.getByText('409: Tietomuoto on käytössä, eikä sitä voi poistaa.')).toBeVisible({
        timeout: 20_000,
      })
      const { status } = await platform(request, 'GET', `/api/sandbox/products/v2/data-formats/${format.id}`)
      expect(status).toBe(200)
    })

    test('a product whose data format is gone says so, and saving it keeps the reference', async ({
      signedIn: page,
      request,
    }) => {
      const gone = randomUUID()
      const product = await productWithFormat(request, `Orpo ${uniqueCode('p')}`, gone)
      await page.goto(`/products/${product.id}`)
      const facts = page.getByRole('definition').filter({ hasText: 'Poistettu tietomuoto' })
      await expect(facts).toHaveCount(1)
      await expect(page.getByText(gone)).toHaveCount(0)

      await page.goto(`/products/${product.id}/edit`)
      await page.getByRole('tab', { name: 'Asetukset' }).click()
      const output = page.getByRole('combobox', { name: 'Tulostemuoto' })
      await expect(output).toHaveValue(gone)
      await expect(output.locator('option:checked')).toHaveText('Poistettu tietomuoto')
      await page.getByRole('tab', { name: 'Yleiset' }).click()
      await page.getByRole('textbox', { name: 'Kuvaus' }).fill('Tallennettu ilman tietomuodon menetystä')
      await page.getByRole('button', { name: 'Tallenna', exact: true }).click()
      await expect
        .poll(
          async () =>
            (
              await platform<{ description?: string; outputFormat?: string }>(
                request,
                'GET',
                `/api/sandbox/products/v2/${product.id}`,
              )
            ).json.result,
          { timeout: 20_000 },
        )
        .toMatchObject({ description: 'Tallennettu ilman tietomuodon menetystä', outputFormat: gone })
    })

    test.describe('as the operator', () => {
      test.use({ token: OPERATOR_TOKEN })

      test('creators and publishers are shown by name, not by id', async ({ signedIn: page, request }) => {
        const product = await productWithFormat(request, `Nimetty ${uniqueCode('p')}`, randomUUID())
        await page.goto(`/products/${product.id}`)
        const who = page.getByText(/^Luonut /)
        await expect(who).toContainText('Luonut Ada Admin')
        await expect(page.getByText('u0000000-0000-4000-8000-000000000001')).toHaveCount(0)
        const publisher = page.locator(`a[href*="publisher=${ORGANIZATIONS.first}"]`)
        await expect(publisher).toHaveText('Ääneseudun Energia')
      })
    })
  })
})
