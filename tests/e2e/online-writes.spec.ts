import type { APIRequestContext, Page, Request } from '@playwright/test'
import { createContract, createProduct, DAY, ORGANIZATIONS, organizationName } from './commerce-support'
import { expect, signInAs, test } from './fixtures'
import { platform, uniqueCode } from './support'
import { createTask } from './tasks-support'

const ADMIN_ID = 'u0000000-0000-4000-8000-000000000001'
const TOKENS = `/api/sandbox/v2/${ADMIN_ID}/app-tokens`
const UUID = /^[0-9a-f-]{36}$/
const dayString = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

interface Token {
  id: string
  name: string
  status: string
  expirationDate: string
  fullValue?: string
}

async function makeToken(request: APIRequestContext, days: number) {
  const name = uniqueCode('door')
  const expirationDate = new Date(Date.now() + days * 864e5).toISOString()
  const { json } = await platform<Token>(request, 'POST', TOKENS, { name, expirationDate })
  if (!json.result) throw new Error('token not created')
  return json.result
}

/** The writes (not GETs) the page sends to paths matching `part`, with their Idempotency-Key. */
function watchWrites(page: Page, part: RegExp) {
  const seen: { method: string; url: string; key: string | undefined }[] = []
  page.on('request', (r: Request) => {
    if (r.method() !== 'GET' && part.test(r.url()))
      seen.push({ method: r.method(), url: r.url(), key: r.headers()['idempotency-key'] })
  })
  return seen
}

test.describe('one door for online-only writes', () => {
  test('the token of the current session warns before it is renewed or revoked', async ({
    page,
    request,
  }) => {
    const token = await makeToken(request, 10)
    const other = await makeToken(request, 10)
    await signInAs(page, token.fullValue, 'fi')
    await page.goto('/me')
    const row = page.getByTestId('token-row').filter({ hasText: token.name })
    await expect(row).toContainText('Tämä istunto')
    await expect(page.getByTestId('token-row').filter({ hasText: other.name })).not.toContainText(
      'Tämä istunto',
    )
    await row.getByRole('button', { name: `Mitätöi ${token.name}` }).click()
    await expect(page.getByRole('dialog')).toContainText(
      'Olet kirjautunut tällä tunnisteella. Istuntosi päättyy sen mukana',
    )
    await page.getByRole('dialog').getByRole('button', { name: 'Peruuta' }).click()
    await row.getByRole('button', { name: `Pidennä tunnisteen ${token.name} voimassaoloa` }).click()
    await expect(page.getByRole('dialog')).toContainText('Olet kirjautunut tällä tunnisteella.')
    await page.getByRole('dialog').getByRole('button', { name: 'Peruuta' }).click()
    // Another token asks without the warning.
    await page
      .getByTestId('token-row')
      .filter({ hasText: other.name })
      .getByRole('button', { name: `Mitätöi ${other.name}` })
      .click()
    await expect(page.getByRole('dialog')).not.toContainText('Olet kirjautunut')
    await page.getByRole('dialog').getByRole('button', { name: 'Peruuta' }).click()
    // Nothing was sent: the token still works.
    expect((await platform(request, 'GET', '/api/sandbox/me', undefined, token.fullValue)).status).toBe(200)
  })

  test('credentials, file upload and file delete send an Idempotency-Key; a failed delete says why in place', async ({
    signedIn: page,
    request,
  }) => {
    const transformer = await createProduct(request, 'transformer')
    const writes = watchWrites(page, /\/products\/v2\//)
    await page.goto(`/transformers/${transformer.id}/edit`)
    await page.getByRole('tab', { name: 'Files' }).click()
    await page
      .getByLabel('File for Raw input')
      .setInputFiles({ name: 'door.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') })
    await page.getByRole('button', { name: 'Upload Raw input' }).click()
    const list = page.getByRole('list', { name: 'Raw input' })
    await expect(list.getByRole('listitem').filter({ hasText: 'door.csv' })).toBeVisible()
    await page.route(
      '**/files/*',
      (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill({ status: 500, json: { success: false } })
          : route.fallback(),
      { times: 1 },
    )
    await list.getByRole('button', { name: 'Delete door.csv' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(
      page.getByText('There was a problem with your request. Please try again later.'),
    ).toBeVisible()
    await expect(list.getByRole('listitem').filter({ hasText: 'door.csv' })).toBeVisible()
    await list.getByRole('button', { name: 'Delete door.csv' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(list.getByRole('listitem').filter({ hasText: 'door.csv' })).toHaveCount(0)
    const deletes = writes.filter((w) => w.method === 'DELETE')
    expect(deletes).toHaveLength(2)
    expect(deletes[1]?.key, 'the retry after a 5xx is the same action').toBe(deletes[0]?.key)
    const upload = writes.find((w) => w.method === 'POST' && w.url.endsWith('/files'))
    expect(upload?.key).toMatch(UUID)

    const product = await createProduct(request, 'dataproduct')
    await page.goto(`/products/${product.id}`)
    const section = page.getByRole('region', { name: 'Credentials' })
    await section.getByLabel('Name 1').fill('apiKey')
    await section.getByLabel('Value 1').fill('door-secret-1')
    await section.getByRole('button', { name: 'Save credentials' }).click()
    await page
      .getByRole('dialog', { name: 'Overwrite credentials?' })
      .getByRole('button', { name: 'Overwrite' })
      .click()
    await expect(section.getByText('Credentials saved', { exact: true })).toBeVisible()
    const saved = writes.find((w) => w.url.includes('auth-credentials'))
    expect(saved?.key).toMatch(UUID)
  })

  test('a purchase that fails with a 500 keeps the dialog open with the error, and its retry is the same action', async ({
    signedIn: page,
    request,
  }) => {
    const product = await createProduct(request, 'dataproduct')
    await createContract(
      request,
      product.id,
      ORGANIZATIONS.second,
      new Date(Date.now() - DAY),
      new Date(Date.now() + 30 * DAY),
    )
    const buyer = await organizationName(request, ORGANIZATIONS.second)
    const writes = watchWrites(page, /\/purchase$/)
    await page.goto(`/products/${product.id}`)
    await page.getByRole('button', { name: 'Purchase' }).click()
    const dialog = page.getByRole('dialog', { name: `Purchase ${product.name}` })
    await dialog.getByLabel('Organization').selectOption({ label: buyer })
    await dialog.getByLabel('Contract').selectOption({ index: 1 })
    await page.route('**/purchase', (route) => route.fulfill({ status: 500, json: { success: false } }), {
      times: 1,
    })
    await dialog.getByRole('button', { name: 'Buy' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(
      'There was a problem with your request. Please try again later.',
    )
    await expect(page.getByText('Product Purchased')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Buy' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Product Purchased')).toBeVisible()
    expect(writes).toHaveLength(2)
    expect(writes[0]?.key).toMatch(UUID)
    expect(writes[1]?.key).toBe(writes[0]?.key)
  })

  test.describe('in Finnish', () => {
    test.use({ consoleLocale: 'fi' })

    test('tokens in Finnish: a 500 and a 403 keep the renew dialog open with the error; the retry after a 500 keeps its key; a double click sends one renew; the chosen date extends; a 204 removal drops the row', async ({
      signedIn: page,
      request,
    }) => {
      const token = await makeToken(request, 10)
      const writes = watchWrites(page, /\/app-tokens/)
      await page.goto('/me')
      const row = page.getByTestId('token-row').filter({ hasText: token.name })
      await row.getByRole('button', { name: `Pidennä tunnisteen ${token.name} voimassaoloa` }).click()
      const dialog = page.getByRole('dialog', {
        name: `Pidennetäänkö tunnisteen ${token.name} voimassaoloa?`,
      })
      const chosen = dayString(new Date(Date.now() + 90 * 864e5))
      await dialog.getByLabel('Vanhenemispäivä').fill(chosen)
      const confirm = dialog.getByRole('button', { name: 'Pidennä', exact: true })

      await page.route('**/renew', (route) => route.fulfill({ status: 500, json: { success: false } }), {
        times: 1,
      })
      await confirm.click()
      await expect(dialog.getByRole('alert')).toHaveText(
        'Pyynnön käsittelyssä oli ongelma. Yritä myöhemmin uudelleen.',
      )
      await page.route(
        '**/renew',
        (route) =>
          route.fulfill({ status: 403, json: { success: false, error: { message: 'Access denied' } } }),
        { times: 1 },
      )
      await confirm.click()
      await expect(dialog.getByRole('alert')).toHaveText('Sinulla ei ole oikeutta tähän.')
      await expect(page.getByText('Tunnisteen voimassaoloa pidennetty')).toHaveCount(0)

      // The platform answers slowly: a double click still sends one request, and the notice waits for it.
      await page.route('**/renew', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800))
        await route.continue()
      })
      await confirm.dblclick()
      await expect(confirm).toBeDisabled()
      await expect(page.getByText('Tunnisteen voimassaoloa pidennetty')).toHaveCount(0)
      await expect(page.getByText('Tunnisteen voimassaoloa pidennetty')).toBeVisible()
      await expect(dialog).toHaveCount(0)
      const renews = writes.filter((w) => w.url.endsWith('/renew'))
      expect(renews).toHaveLength(3)
      for (const w of renews) expect(w.key).toMatch(UUID)
      expect(renews[1]?.key, 'a retry after a 5xx is the same action').toBe(renews[0]?.key)
      expect(renews[2]?.key, 'after a final answer, a new action').not.toBe(renews[1]?.key)

      const { json } = await platform<{ itemList: Token[] }>(request, 'GET', TOKENS)
      const renewed = json.result?.itemList.find((t) => t.id === token.id)
      expect(Date.parse(renewed?.expirationDate ?? '')).toBeGreaterThan(Date.parse(token.expirationDate))
      expect(dayString(new Date(renewed?.expirationDate ?? ''))).toBe(chosen)

      await row.getByRole('button', { name: `Mitätöi ${token.name}` }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Mitätöi' }).click()
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect
        .poll(async () => {
          const list = await platform<{ itemList: Token[] }>(request, 'GET', TOKENS)
          return list.json.result?.itemList.find((t) => t.id === token.id)?.status
        })
        .toBe('revoked')

      // A 204 without a body is an acceptance too: the row goes.
      await page.route('**/app-tokens/*', (route) =>
        route.request().method() === 'DELETE' ? route.fulfill({ status: 204 }) : route.fallback(),
      )
      await row.getByRole('button', { name: `Poista ${token.name}` }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Poista' }).click()
      await expect(row).toHaveCount(0)
      for (const method of ['POST', 'DELETE'])
        expect(writes.filter((w) => w.method === method).length).toBeGreaterThan(0)
      for (const w of writes) expect(w.key, `${w.method} ${w.url}`).toMatch(UUID)
    })

    test('Run now in Finnish: one request with a key, its notice only after the answer, a 403 said where it was made', async ({
      signedIn: page,
      request,
    }) => {
      const task = await createTask(request, { name: uniqueCode('Door') })
      const writes = watchWrites(page, /\/tasks\/[^/]+\/(run|start|stop)$/)
      await page.goto(`/tasks/${task.id}`)
      const run = page.getByRole('button', { name: 'Aja nyt' })
      await page.route(
        '**/run',
        (route) => route.fulfill({ status: 403, json: { success: false, message: 'Forbidden' } }),
        { times: 1 },
      )
      await run.click()
      await expect(
        page.getByRole('alert').filter({ hasText: 'Sinulla ei ole oikeutta tähän.' }),
      ).toBeVisible()
      await expect(page.getByText('Tehtävä ajettiin. Sen tulos on historiassa.')).toHaveCount(0)

      await page.route('**/run', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800))
        await route.continue()
      })
      await run.dblclick()
      await expect(run).toBeDisabled()
      await expect(page.getByText('Tehtävä ajettiin. Sen tulos on historiassa.')).toHaveCount(0)
      await expect(page.getByText('Tehtävä ajettiin. Sen tulos on historiassa.')).toBeVisible()
      await expect(page.getByText('Sinulla ei ole oikeutta tähän.')).toHaveCount(0)
      expect(writes).toHaveLength(2)
      for (const w of writes) expect(w.key).toMatch(UUID)
      expect(writes[0]?.key).not.toBe(writes[1]?.key)
      await expect(page.getByTestId('task-run')).toHaveCount(1)
    })

    test('generating a token in Finnish sends one request with a key, and a refusal shows the field message translated', async ({
      signedIn: page,
      request,
    }) => {
      const writes = watchWrites(page, /\/app-tokens$/)
      await page.goto('/me')
      const name = uniqueCode('gen')
      const form = page.getByRole('form', { name: 'Luo käyttöoikeustunniste' })
      await form.getByLabel('Nimi').fill(name)
      // The platform refuses a date past the longest lifetime: said on the form, in Finnish.
      await page.route(
        '**/app-tokens',
        (route) =>
          route.request().method() === 'POST'
            ? route.fulfill({
                status: 400,
                json: {
                  success: false,
                  error: {
                    message: 'expirationDate: must be at most 365 days after the token was created',
                    issues: [
                      {
                        path: 'expirationDate',
                        message: 'must be at most 365 days after the token was created',
                      },
                    ],
                  },
                },
              })
            : route.fallback(),
        { times: 1 },
      )
      await form.getByRole('button', { name: 'Luo' }).click()
      await expect(form.getByRole('alert')).toHaveText(
        'Tunniste on voimassa enintään 365 päivää luomisesta: valitse aikaisempi päivä.',
      )
      await form.getByRole('button', { name: 'Luo' }).dblclick()
      await expect(page.getByTestId('token-full-value')).toBeVisible()
      expect(writes).toHaveLength(2)
      for (const w of writes) expect(w.key).toMatch(UUID)
      expect(writes[1]?.key, 'after a final answer, a new action').not.toBe(writes[0]?.key)
      const { json } = await platform<{ itemList: Token[] }>(request, 'GET', TOKENS)
      expect(json.result?.itemList.filter((t) => t.name === name)).toHaveLength(1)
    })
  })
})
