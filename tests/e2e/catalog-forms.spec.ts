import type { Page } from '@playwright/test'
import { createItem, findByCode } from './catalog-support'
import { expect, test } from './fixtures'
import { uniqueCode } from './support'

/** Waits until nothing of the user's waits in the outbox: the platform has every change. */
const synced = (page: Page) =>
  expect(page.getByRole('link', { name: /changes? waits?/ })).toHaveCount(0, { timeout: 20_000 })

test.describe('catalog forms', () => {
  test('a product is created, edited and deleted', async ({ signedIn: page, request }) => {
    const code = uniqueCode('PROD')
    await page.goto('/products')
    await page.getByRole('link', { name: 'New data product' }).click()
    await page.getByLabel('Name').fill('Harbour arrivals')
    await page.getByLabel('Product code').fill(code)
    await page.getByLabel('Visibility').selectOption('public')
    await page.getByRole('tab', { name: 'Information' }).click()
    await page.getByLabel('Contact email').fill('harbour@example.com')
    await page.getByRole('combobox', { name: 'Quality attributes' }).fill('timeliness')
    await page.getByRole('combobox', { name: 'Quality attributes' }).press('Enter')
    await expect(page.getByRole('button', { name: 'Remove timeliness' })).toBeVisible()
    // Typed but not added: a change of tab keeps it, added.
    await page.getByRole('combobox', { name: 'Quality attributes' }).fill('accuracy')
    await page.getByRole('tab', { name: 'General' }).click()
    await page.getByRole('tab', { name: 'Information' }).click()
    await expect(page.getByRole('button', { name: 'Remove accuracy' })).toBeVisible()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/products/)
    await expect(page.getByRole('row').filter({ hasText: code })).toBeVisible()
    await synced(page)
    const [created] = await findByCode(request, code)
    expect(created).toMatchObject({
      name: 'Harbour arrivals',
      type: 'dataproduct',
      contactPersonEmail: 'harbour@example.com',
      qualityAttributes: ['timeliness', 'accuracy'],
      visibility: { type: 'public', visibleTo: [] },
    })

    await page.getByRole('link', { name: 'Edit Harbour arrivals' }).click()
    await expect(page.getByLabel('Name')).toHaveValue('Harbour arrivals')
    await page.getByLabel('Name').fill('Harbour departures')
    await page.getByRole('button', { name: 'Save' }).click()
    // Saved, an existing product returns to its detail; the list shows the change too.
    await expect(page).toHaveURL(new RegExp(`/products/${created?.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour departures' })).toBeVisible()
    await page.goto('/products')
    await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Harbour departures')
    await synced(page)
    expect((await findByCode(request, code))[0]?.name).toBe('Harbour departures')

    await page.getByRole('link', { name: 'Harbour departures', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour departures' })).toBeVisible()
    await expect(page.getByText('harbour@example.com')).toBeVisible()
    await expect(page.getByText('timeliness, accuracy', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(/\/products/)
    // The detail is left for the list only once the platform deleted it: then it is gone there.
    await expect(page).toHaveURL(/\/products(\?|$)/, { timeout: 15_000 })
    await synced(page)
    expect(await findByCode(request, code)).toHaveLength(0)
  })

  test('a source is created with its connector, edited and deleted', async ({ signedIn: page, request }) => {
    const connector = await createItem(request, 'connector', { connectorType: 'rest-poller' })
    const code = uniqueCode('SRC')
    await page.goto('/sources')
    await page.getByRole('link', { name: 'New data source' }).click()
    await page.getByLabel('Name').fill('Port calls')
    await page.getByLabel('Product code').fill(code)
    await page.getByRole('tab', { name: 'Connector', exact: true }).click()
    await expect(page.getByText('Connector not selected')).toBeVisible()
    await page.getByRole('combobox', { name: 'Connector', exact: true }).selectOption(connector.id)
    await expect(page.getByText('rest-poller')).toBeVisible()
    await expect(page.getByText('Connector not selected')).toHaveCount(0)
    await page.getByRole('tab', { name: 'Connector settings' }).click()
    await page.getByLabel('Parameter context').fill('{"port": "FIHEL"}')
    await page.getByRole('button', { name: 'Save' }).click()
    // The list, not the form's own /sources/create; and the platform itself, which the waiting-changes
    // link may not yet say is waiting for (the change is queued a moment after the click).
    await expect(page).toHaveURL(/\/sources(\?|$)/)
    await expect.poll(async () => (await findByCode(request, code)).length, { timeout: 20_000 }).toBe(1)
    await synced(page)
    expect((await findByCode(request, code))[0]).toMatchObject({
      type: 'datasource',
      connector: connector.id,
      parameterContext: { port: 'FIHEL' },
    })

    await page.getByRole('link', { name: 'Edit Port calls' }).click()
    await page.getByRole('tab', { name: 'Connector', exact: true }).click()
    await expect(page.getByRole('combobox', { name: 'Connector', exact: true })).toHaveValue(connector.id)
    await page.getByRole('tab', { name: 'General' }).click()
    await page.getByLabel('Description').fill('Arrivals and departures')
    await page.getByRole('button', { name: 'Save' }).click()
    // The change is queued a moment after the click returns, so the waiting-changes link may not show
    // yet and `synced` could pass before it is sent: wait for the platform itself.
    await expect
      .poll(async () => (await findByCode(request, code))[0]?.description, { timeout: 20_000 })
      .toBe('Arrivals and departures')

    await page.getByRole('button', { name: 'Delete Port calls' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(async () => (await findByCode(request, code)).length, { timeout: 20_000 }).toBe(0)
  })

  test('every tab of every form opens', async ({ signedIn: page }) => {
    const forms = [
      {
        path: '/products/create',
        tabs: {
          General: 'Name',
          Information: 'Contact email',
          Configuration: 'Data source',
          Actions: 'Actions',
        },
      },
      {
        path: '/sources/create',
        tabs: {
          General: 'Name',
          Information: 'Image URL',
          'Connector settings': 'Template',
          Connector: 'Connector',
        },
      },
      {
        path: '/templates/create',
        tabs: { General: 'Name', Information: 'Industries', Configuration: 'Connector' },
      },
      {
        path: '/connectors/create',
        tabs: { General: 'Name', Information: 'Official', 'Connector definition': 'Connector parameter map' },
      },
      {
        path: '/transformers/create',
        tabs: { General: 'Name', Information: 'External', Mapper: 'Transformation map' },
      },
    ]
    for (const form of forms) {
      await page.goto(form.path)
      const tabs = page.getByRole('tablist', { name: 'Form sections' }).getByRole('tab')
      await expect(tabs).toHaveText(Object.keys(form.tabs))
      for (const [tab, field] of Object.entries(form.tabs)) {
        await page.getByRole('tab', { name: tab, exact: true }).click()
        await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
          'aria-selected',
          'true',
        )
        // The label of a required field ends in an asterisk hidden from screen readers.
        await expect(
          page
            .getByRole('tabpanel')
            .getByLabel(new RegExp(`^${field}( \\*)?$`))
            .first(),
        ).toBeVisible()
      }
    }
  })

  test('validation messages in English and Finnish; a refused save opens the tab with the error', async ({
    signedIn: page,
  }) => {
    await page.goto('/connectors/create')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('This field is required')).toHaveCount(2)
    await page.getByLabel('Name').fill('A')
    await expect(page.getByText('Too short')).toBeVisible()
    await page.getByLabel('Name').fill('Bus stops')
    await page.getByLabel('Product code').fill('bus stops')
    await expect(page.getByText('Only alphanumeric characters are allowed')).toBeVisible()
    await page.getByLabel('Product code').fill('BUS_STOPS')
    await page.getByLabel('Visibility').selectOption('organizations')
    await expect(page.getByText('Please select group from the dropdown')).toBeVisible()
    await page.getByLabel('Visibility').selectOption('public')

    await page.getByRole('tab', { name: 'Connector definition' }).click()
    await page.getByLabel('Connector parameter map').fill('[1, 2]')
    await page.getByRole('tab', { name: 'Information' }).click()
    await page.getByLabel('Contact email').fill('nope')
    await expect(page.getByText('Email invalid')).toBeVisible()
    await page.getByLabel('Image URL').fill('example.com')
    await expect(page.getByText('Please provide a valid URL')).toBeVisible()
    await page.getByLabel('Contact email').fill('')
    await page.getByLabel('Image URL').fill('')
    await page.getByRole('tab', { name: 'General' }).click()
    await page.getByRole('button', { name: 'Save' }).click()
    // The only error left sits on another tab: the save opens it.
    await expect(page.getByRole('tab', { name: /Connector definition/ })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(page.getByText('Please enter a valid object')).toBeVisible()
    await expect(page.getByRole('tab', { name: /Connector definition/ })).toContainText('(has errors)')

    await page.goto('/products/create')
    await page.getByRole('tab', { name: 'Configuration' }).click()
    await page.getByLabel('Parameter context').fill('{oops')
    await page.getByLabel('Parameter context').blur()
    await expect(page.getByText('Not valid JSON!')).toBeVisible()

    await page.evaluate(() => localStorage.setItem('locale', 'fi'))
    await page.goto('/products/create')
    await page.getByRole('button', { name: 'Tallenna' }).click()
    await expect(page.getByText('Tämä kenttä on pakollinen')).toHaveCount(2)
    await page.getByRole('tab', { name: 'Tiedot' }).click()
    await page.getByLabel('Yhteyshenkilön sähköposti').fill('nope')
    await expect(page.getByText('Anna kelvollinen sähköpostiosoite')).toBeVisible()
  })

  test('the errors of a refused save stay on every tab, and the summary counts them all', async ({
    signedIn: page,
  }) => {
    await page.goto('/products/create')
    await page.getByRole('tab', { name: 'Information' }).click()
    await page.getByLabel('Contact email').fill('nope')
    await page.getByRole('tab', { name: 'Configuration' }).click()
    await page.getByLabel('Parameter context').fill('[1, 2]')
    await page.getByRole('button', { name: 'Save' }).click()
    // Name and product code (General), the email (Information), the context (Configuration).
    await expect(page.getByTestId('form-error-summary')).toHaveText('Not saved: 4 fields need correcting.')
    for (const tab of ['Configuration', 'Information', 'Configuration']) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click()
      const field = tab === 'Information' ? 'Contact email' : 'Parameter context'
      await expect(page.getByLabel(field)).toHaveAttribute('aria-invalid', 'true')
    }
    await expect(page.getByText('Not valid JSON!')).toBeVisible()
    await page.getByRole('tab', { name: /^General/ }).click()
    await expect(page.getByText('This field is required')).toHaveCount(2)
  })

  test('a duplicate product code is refused by the platform and said on the list', async ({
    signedIn: page,
    request,
  }) => {
    const taken = await createItem(request, 'dataproduct')
    await page.goto('/products/create')
    await page.getByLabel('Name').fill('Copy cat')
    await page.getByLabel('Product code').fill(taken.productCode)
    await page.getByRole('button', { name: 'Save' }).click()
    // The form stays open with the platform's answer on the field; the refused change waits in the outbox.
    await expect(
      page.getByText('Product with the same product code already exists.', { exact: true }),
    ).toBeVisible({ timeout: 20_000 })
    await page
      .getByRole('link', { name: 'Cancel' })
      .or(page.getByRole('button', { name: 'Cancel' }))
      .click()
    // On the list (the form's own alerts are gone with it), the refused create is said.
    await expect(page.getByRole('heading', { level: 1, name: 'Data Products' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText(
      'Copy cat was not saved: Product with the same product code already exists.',
      { timeout: 20_000 },
    )
    await expect(page.getByRole('row').filter({ hasText: 'Copy cat' })).toContainText('Not synced')
    expect(await findByCode(request, taken.productCode)).toHaveLength(1)

    // Fixed in the form, the refused create is sent again with the new code.
    await page.getByRole('link', { name: 'Edit Copy cat' }).click()
    await expect(page.getByRole('alert')).toContainText('Product with the same product code already exists.')
    const code = uniqueCode('FIXED')
    await page.getByLabel('Product code').fill(code)
    await page.getByRole('button', { name: 'Save' }).click()
    await synced(page)
    await expect(page.getByRole('alert')).toHaveCount(0)
    expect((await findByCode(request, code))[0]?.name).toBe('Copy cat')
  })

  test('the actions of a product are copied with a notice', async ({ signedIn: page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/products/create')
    await page.getByRole('tab', { name: 'Actions' }).click()
    await page.getByRole('textbox', { name: 'Actions' }).fill('[{"name": "fetch"}]')
    await page.getByRole('button', { name: 'Copy actions' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Actions copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('[{"name": "fetch"}]')
  })

  test('the detail links to organization, connector and template', async ({ signedIn: page, request }) => {
    const connector = await createItem(request, 'connector')
    const template = await createItem(request, 'datasource-template')
    const product = await createItem(request, 'dataproduct', {
      publisherOrganizationId: 'o0000000-0000-4000-8000-000000000001',
      connector: connector.id,
      dataSourceTemplate: template.id,
      industries: ['maritime'],
      parameterOptions: [{ name: 'from', type: 'date' }],
      visibility: { type: 'private', visibleTo: [] },
    })
    await page.goto(`/products/${product.id}`)
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
    await expect(page.getByText('maritime', { exact: true })).toBeVisible()
    await expect(page.getByText('"from"')).toBeVisible()
    await expect(page.getByText('Private')).toBeVisible()
    await page.getByRole('link', { name: template.name }).click()
    await expect(page).toHaveURL(`/templates/${template.id}/edit`)
    await expect(page.getByLabel('Name')).toHaveValue(template.name)
    await page.goBack()
    await page.getByRole('link', { name: connector.name }).click()
    await expect(page).toHaveURL(`/connectors/${connector.id}/edit`)
    await page.goBack()
    // The publisher link opens the product list filtered by it (the current organization stays).
    const publisher = product.organizationName as string
    await page.getByRole('link', { name: publisher }).click()
    await expect(page).toHaveURL(/\/products\?.*publisher=/)
    for (const row of await page.getByTestId('catalog-row').all()) await expect(row).toContainText(publisher)
    expect(await page.evaluate(() => localStorage.getItem('organizationId'))).toBeNull()
  })

  test('an unsaved template form is offered back as a draft', async ({ signedIn: page }) => {
    await page.goto('/templates/create')
    await page.getByLabel('Name').fill('Half-written template')
    await page.getByRole('tab', { name: 'Configuration' }).click()
    await page.getByLabel('Parameter context').fill('{"zone": 3}')
    // The draft is saved shortly after typing stops.
    await page.waitForTimeout(800)
    await page.goto('/templates')
    await page.getByRole('link', { name: 'New template' }).click()
    await expect(page.getByText(/You have an unsaved draft/)).toBeVisible()
    await expect(page.getByLabel('Name')).toHaveValue('')
    await page.getByRole('button', { name: 'Restore draft' }).click()
    await expect(page.getByLabel('Name')).toHaveValue('Half-written template')
    await page.getByRole('tab', { name: 'Configuration' }).click()
    await expect(page.getByLabel('Parameter context')).toHaveValue('{"zone": 3}')
  })

  test('a product is created with the keyboard only', async ({ signedIn: page, request }) => {
    const code = uniqueCode('KEYS')
    await page.goto('/products')
    await expect(page.getByRole('link', { name: 'New data product' })).toBeVisible()
    const focusOn = async (name: string, key = 'Tab') => {
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press(key)
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null
          const label = el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : undefined
          return (label ?? el?.textContent ?? '').replace('*', '').trim()
        })
        if (focused === name) return
      }
      throw new Error(`${name} never got the focus`)
    }
    await focusOn('New data product')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'New data product' })).toBeVisible()
    await focusOn('Name')
    await page.keyboard.type('Typed product')
    await page.keyboard.press('Tab')
    await page.keyboard.type(code)
    // Back to the tab list (one stop in the tab order), then the arrow keys move between tabs.
    await focusOn('General', 'Shift+Tab')
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { name: 'Information' })).toHaveAttribute('aria-selected', 'true')
    await focusOn('Contact person')
    await page.keyboard.type('Aino Virtanen')
    await focusOn('Save')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('row').filter({ hasText: code })).toBeVisible()
    await synced(page)
    expect((await findByCode(request, code))[0]).toMatchObject({
      name: 'Typed product',
      contactPersonName: 'Aino Virtanen',
    })
  })
})
