import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { outboxCount, platform, uniqueCode, waitForServiceWorker } from './support'

interface DataFormat {
  id: string
  dataFormatCode: string
  name: string
  description?: string
  updatedAt: string
}

const WRITE = '/api/sandbox/internal/products/v2/data-formats'

async function current(request: Parameters<typeof platform>[0], id: string) {
  const { json } = await platform<DataFormat>(request, 'GET', `/api/sandbox/products/v2/data-formats/${id}`)
  return json.result as DataFormat
}

/** On a signed-in page, an offline edit of name and description, then theirs on the platform: the sync centre shows a conflict. */
async function makeConflict(page: Page, request: Parameters<typeof platform>[0]) {
  const code = uniqueCode('RES')
  const { json } = await platform<DataFormat>(request, 'POST', WRITE, {
    dataFormatCode: code,
    name: 'Original',
    description: 'Original text',
  })
  const id = json.result?.id as string
  await page.goto(`/data-formats/${id}/edit`)
  await expect(page.getByLabel('Name')).toHaveValue('Original')
  await waitForServiceWorker(page)
  await page.context().setOffline(true)
  await page.getByLabel('Name').fill('My name')
  await page.getByLabel('Description').fill('My text')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('link', { name: '1 change waits' })).toBeVisible()
  const theirs = await platform(request, 'PUT', `${WRITE}/${id}`, {
    dataFormatCode: code,
    name: 'Their name',
    description: 'Their text',
  })
  expect(theirs.status).toBe(200)
  await page.context().setOffline(false)
  await page.getByRole('link', { name: '1 change waits' }).click()
  await expect(page.getByText('Conflict')).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Resolve' }).click()
  return id
}

test.describe('resolving what the platform refused', () => {
  test('a conflict resolved by taking theirs sends nothing and keeps their version', async ({
    signedIn: page,
    request,
  }) => {
    const id = await makeConflict(page, request)
    await page.getByRole('dialog').getByRole('button', { name: 'Take theirs' }).click()
    await expect(page.getByText('Nothing waits to be sent.', { exact: false })).toBeVisible()
    const after = await current(request, id)
    expect([after.name, after.description]).toEqual(['Their name', 'Their text'])
  })

  test('a conflict merged field by field sends my name with their description', async ({
    signedIn: page,
    request,
  }) => {
    const id = await makeConflict(page, request)
    const dialog = page.getByRole('dialog')
    await dialog
      .getByRole('row', { name: /description/ })
      .getByRole('radio', { name: 'Their text' })
      .check()
    await dialog.getByRole('button', { name: 'Save merged' }).click()
    await expect(page.getByText('Nothing waits to be sent.', { exact: false })).toBeVisible({
      timeout: 20_000,
    })
    const after = await current(request, id)
    expect([after.name, after.description]).toEqual(['My name', 'Their text'])
  })

  test('a change the platform refuses can be corrected and sent again, or discarded', async ({
    signedIn: page,
    request,
  }) => {
    // The form and the platform share their rules: what the platform alone can refuse is a
    // code another client took meanwhile.
    const taken = uniqueCode('TAKEN')
    const made = await platform(request, 'POST', '/api/sandbox/internal/products/v2/data-formats', {
      dataFormatCode: taken,
      name: 'Taken first',
    })
    expect(made.status).toBe(201)
    await page.goto('/data-formats/create')
    await page.getByLabel('Code').fill(taken)
    await page.getByLabel('Name').fill('Mine too')
    await page.getByRole('button', { name: 'Save' }).click()
    // Leave once the change is queued on the device, as a user who saw the form answer would.
    await expect.poll(() => outboxCount(page)).toBe(1)
    await page.goto('/outbox')
    const entry = page.getByTestId('outbox-entry')
    await expect(entry).toContainText('Failed', { timeout: 20_000 })
    await expect(entry).toContainText('409')

    const code = uniqueCode('FREE')
    await entry.getByRole('button', { name: /^Edit/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('dataFormatCode', { exact: true }).fill(code)
    await dialog.getByLabel('name', { exact: true }).fill('Corrected name')
    await dialog.getByRole('button', { name: 'Send again' }).click()
    await expect(page.getByText('Nothing waits to be sent.', { exact: false })).toBeVisible({
      timeout: 20_000,
    })
    const { json } = await platform<{ itemList: DataFormat[] }>(
      request,
      'GET',
      `/api/sandbox/products/v2/data-formats?limit=100&q=${code}`,
    )
    expect(json.result?.itemList.map((f) => f.name)).toEqual(['Corrected name'])

    await page.goto('/data-formats/create')
    await page.getByLabel('Code').fill(taken)
    await page.getByLabel('Name').fill('Gone soon')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => outboxCount(page)).toBe(1)
    await page.goto('/outbox')
    await expect(page.getByTestId('outbox-entry')).toContainText('Failed', { timeout: 20_000 })
    page.once('dialog', (d) => void d.accept())
    await page.getByRole('button', { name: 'Discard' }).click()
    await expect(page.getByText('Nothing waits to be sent.', { exact: false })).toBeVisible()
  })
})
