import { createProduct } from './commerce-support'
import { expect, signInAs, test } from './fixtures'
import { ADMIN_TOKEN, platform, uniqueCode } from './support'

test.describe('inputs tell the truth', () => {
  test.use({ consoleLocale: 'fi' })

  test('dropdowns are sorted by name in the order of the UI language (Ä after Z in Finnish)', async ({
    signedIn: page,
    made,
    request,
  }) => {
    const tag = uniqueCode('lajittelu')
    for (const name of [`Zeta ${tag}`, `Äänet ${tag}`, `Aalto ${tag}`]) await made.format({ name })
    const product = await createProduct(request, 'dataproduct')
    await page.goto(`/products/${product.id}/edit`)
    await page.getByRole('tab', { name: 'Asetukset' }).click()
    const options = page.getByLabel('Tulostemuoto').locator('option', { hasText: tag })
    await expect(options).toHaveCount(3)
    expect(await options.allInnerTexts()).toEqual([`Aalto ${tag}`, `Zeta ${tag}`, `Äänet ${tag}`])
    // English sorts Ä with A.
    await page.getByText('EN', { exact: true }).click()
    const english = page.getByLabel('Output format').locator('option', { hasText: tag })
    await expect(english.first()).toHaveText(`Aalto ${tag}`)
    expect(await english.allInnerTexts()).toEqual([`Aalto ${tag}`, `Äänet ${tag}`, `Zeta ${tag}`])
  })

  test('actions that are valid JSON of the wrong shape say a list is wanted, and nothing is sent', async ({
    signedIn: page,
    request,
  }) => {
    const product = await createProduct(request, 'dataproduct')
    await page.goto(`/products/${product.id}/edit`)
    await page.getByRole('tab', { name: 'Toiminnot' }).click()
    const actions = page.getByRole('textbox', { name: 'Toiminnot' })
    await actions.fill('{"a":1}')
    await page.getByRole('button', { name: 'Tallenna', exact: true }).click()
    await expect(actions).toHaveAccessibleDescription(/Anna lista hakasulkeissa: \[ … \]/)
    await expect(page.getByText('Virheellinen JSON!')).toHaveCount(0)
    await actions.fill('{"a":')
    await expect(page.getByText('Virheellinen JSON!')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}/edit$`))
    const { json } = await platform<{ actions?: unknown }>(
      request,
      'GET',
      `/api/sandbox/products/v2/${product.id}`,
    )
    expect(json.result?.actions).toBeUndefined()
  })

  test('a product status cannot be saved blank: the form says so, and the platform refuses it too', async ({
    signedIn: page,
    request,
  }) => {
    const product = await createProduct(request, 'dataproduct')
    await page.goto(`/products/${product.id}/edit`)
    const status = page.getByRole('combobox', { name: 'Tila' })
    await expect(status).toHaveValue('draft')
    await status.selectOption('')
    await page.getByRole('button', { name: 'Tallenna', exact: true }).click()
    await expect(status).toHaveAccessibleDescription('Tämä kenttä on pakollinen')
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}/edit$`))
    const refused = await platform(request, 'POST', '/api/sandbox/internal/products/v2', {
      name: 'Blank status',
      productCode: uniqueCode('BLANK'),
      type: 'dataproduct',
      status: ' ',
    })
    expect(refused.status).toBe(400)
  })

  test('credentials: a name without a value, or nothing at all, is not saved silently', async ({
    signedIn: page,
    request,
  }) => {
    const product = await createProduct(request, 'dataproduct')
    await page.goto(`/products/${product.id}`)
    const section = page.getByRole('region', { name: 'Tunnistetiedot' })
    await section.getByRole('button', { name: 'Tallenna tunnistetiedot' }).click()
    await expect(section.getByRole('alert')).toHaveText('Ei tallennettavaa: anna nimi ja arvo.')
    await section.getByLabel('Nimi 1').fill('apiKey')
    await section.getByRole('button', { name: 'Tallenna tunnistetiedot' }).click()
    await expect(section.getByLabel('Arvo 1')).toHaveAccessibleDescription('Tämä kenttä on pakollinen')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const { json } = await platform<{ credentials: Record<string, string> }>(
      request,
      'GET',
      `/api/sandbox/products/v2/auth-credentials?productId=${product.id}`,
    )
    expect(Object.keys(json.result?.credentials ?? {})).toEqual([])
  })

  test('a JSON sample takes only JSON files: the chooser offers .json and another file is refused with the reason', async ({
    signedIn: page,
    request,
  }) => {
    const transformer = await createProduct(request, 'transformer')
    await page.goto(`/transformers/${transformer.id}/edit`)
    await page.getByRole('tab', { name: 'Tiedostot' }).click()
    const jsonInput = page.getByLabel('Tiedosto: JSON-syöte')
    await expect(jsonInput).toHaveAttribute('accept', '.json,application/json')
    await expect(page.getByLabel('Tiedosto: Raakasyöte')).not.toHaveAttribute('accept', /.+/)
    await jsonInput.setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') })
    await expect(page.getByRole('alert')).toHaveText(
      'rows.csv ei ole JSON-tiedosto: alusta ottaa tähän vain .json-tiedostoja.',
    )
    await expect(page.getByRole('button', { name: 'Lähetä: JSON-syöte' })).toBeDisabled()
    // The platform refuses it as well, whoever sends it.
    const direct = await request.fetch(`/api/sandbox/products/v2/${transformer.id}/files`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer demo-admin-token',
        'X-File-Name': 'rows.csv',
        'X-File-Kind': 'input-json',
        'Content-Type': 'text/csv',
      },
      data: 'a,b',
    })
    expect(direct.status()).toBe(415)
  })

  test('an action option with allowed values is a dropdown of their names, in Finnish', async ({
    signedIn: page,
  }) => {
    await page.goto('/tasks/create')
    await page.getByRole('tab', { name: 'Toiminnot' }).click()
    const adding = page.getByLabel('Lisättävä toiminto')
    // Schema names translated and sorted by name for Finnish.
    expect(await adding.locator('option').allInnerTexts()).toEqual([
      '—',
      'HTTP GET',
      'HTTP POST',
      'Ilmoitus',
      'Muunnos',
      'SQL-kysely',
      'Tiedoston tallennus',
    ])
    await adding.selectOption({ label: 'Ilmoitus' })
    await page.getByRole('button', { name: 'Lisää toiminto' }).click()
    const action = page.getByTestId('task-action')
    await expect(action).toContainText('Lähettää ilmoituksen')
    const channel = action.getByRole('combobox', { name: 'Kanava' })
    expect(await channel.locator('option').allInnerTexts()).toEqual([
      '—',
      'Sähköposti',
      'Tekstiviesti',
      'Webhook',
    ])
    await expect(action.getByRole('textbox', { name: 'channel' })).toHaveCount(0)
  })
})

test.describe('a failed refresh', () => {
  // page.route sees only what the service worker does not answer: keep the worker out.
  test.use({ serviceWorkers: 'block' })
  test('after a failed refresh the list stays with the time it was fetched, and says the refresh failed', async ({
    page,
  }) => {
    await page.clock.install()
    await signInAs(page, ADMIN_TOKEN, 'fi')
    await page.goto('/data-formats')
    const fetched = page.getByTestId('fetched-at')
    await expect(page.getByRole('table', { name: 'Tietomuodot' }).getByRole('row')).not.toHaveCount(1)
    const before = (await fetched.locator('p').textContent()) ?? ''
    const rows = await page.getByRole('table', { name: 'Tietomuodot' }).getByRole('row').count()
    // The platform fails the next reads (a 503 from a proxy in front of it).
    await page.route(/\/products\/v2\/data-formats\?/, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Service unavailable' }),
      }),
    )
    await page.clock.fastForward('05:00')
    // Back to the list after five minutes: its data is stale, and the console refreshes it.
    await page.getByRole('link', { name: 'Tehtävät' }).first().click()
    await expect(page).toHaveURL(/\/tasks/)
    await page.getByRole('link', { name: 'Tietomuodot' }).first().click()
    await expect(fetched).toContainText('Päivitys ei onnistunut: näytetään tallennetut tiedot.', {
      timeout: 20_000,
    })
    await expect(fetched.locator('p')).toHaveText(before)
    await expect(page.getByRole('table', { name: 'Tietomuodot' }).getByRole('row')).toHaveCount(rows)
    await page.unroute(/\/products\/v2\/data-formats\?/)
    await fetched.getByRole('button', { name: 'Yritä uudelleen' }).click()
    await expect(fetched).not.toContainText('Päivitys ei onnistunut')
    await expect(fetched.locator('p')).not.toHaveText(before)
  })
})
