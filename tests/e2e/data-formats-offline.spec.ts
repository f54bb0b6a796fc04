import { expect, test } from './fixtures'
import { platform, uniqueCode, waitForCached, waitForServiceWorker } from './support'

interface DataFormat {
  id: string
  dataFormatCode: string
  name: string
  updatedAt: string
}

async function findByCode(request: Parameters<typeof platform>[0], code: string) {
  const { json } = await platform<{ itemList: DataFormat[] }>(
    request,
    'GET',
    `/api/sandbox/products/v2/data-formats?limit=1000&q=${code}`,
  )
  return (json.result?.itemList ?? []).filter((f) => f.dataFormatCode === code)
}

test.describe('data formats offline', () => {
  test('create, edit and delete offline, reload offline, then each change reaches the platform once', async ({
    signedIn: page,
    context,
    request,
  }) => {
    const keep = uniqueCode('KEEP')
    const drop = uniqueCode('DROP')
    const created = uniqueCode('NEW')
    for (const code of [keep, drop]) {
      const { status } = await platform(request, 'POST', '/api/sandbox/internal/products/v2/data-formats', {
        dataFormatCode: code,
        name: `Format ${code}`,
      })
      expect(status).toBeLessThan(300)
    }
    await page.goto('/data-formats?page=1&limit=100')
    await expect(page.getByRole('cell', { name: keep, exact: true })).toBeVisible()
    await waitForServiceWorker(page)
    await waitForCached(page, keep)

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('cell', { name: keep, exact: true })).toBeVisible()
    await expect(page.getByText(/Fetched (today|yesterday|on .+) at/)).toBeVisible()
    await expect(page.getByText('Offline', { exact: true })).toBeVisible()

    await page.getByRole('link', { name: 'New data format' }).click()
    await page.getByLabel('Code').fill(created)
    await page.getByLabel('Name').fill('Created offline')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('row').filter({ hasText: created })).toContainText('Waiting to sync')

    await page.getByRole('link', { name: `Edit Format ${keep}` }).click()
    await page.getByLabel('Name').fill('Edited offline')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('row').filter({ hasText: keep })).toContainText('Edited offline')

    await page.getByRole('button', { name: `Delete Format ${drop}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('link', { name: '3 changes wait' })).toBeVisible()

    await page.reload()
    await expect(page.getByRole('link', { name: '3 changes wait' })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: created })).toContainText('Waiting to sync')

    await context.setOffline(false)
    await expect(page.getByRole('link', { name: /changes? wait/ })).toHaveCount(0, { timeout: 20_000 })
    expect(await findByCode(request, created)).toHaveLength(1)
    expect((await findByCode(request, keep))[0]?.name).toBe('Edited offline')
    expect(await findByCode(request, drop)).toHaveLength(0)
  })

  test('a change made on the platform while an edit waits becomes a conflict, resolved by keeping mine', async ({
    signedIn: page,
    context,
    request,
  }) => {
    const code = uniqueCode('CONF')
    const { json } = await platform<DataFormat>(
      request,
      'POST',
      '/api/sandbox/internal/products/v2/data-formats',
      {
        dataFormatCode: code,
        name: 'Original',
      },
    )
    const id = json.result?.id as string
    await page.goto(`/data-formats/${id}/edit`)
    await expect(page.getByLabel('Name')).toHaveValue('Original')
    await waitForServiceWorker(page)
    await context.setOffline(true)
    await page.getByLabel('Name').fill('Mine')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('link', { name: '1 change waits' })).toBeVisible()

    const theirs = await platform<DataFormat>(
      request,
      'PUT',
      `/api/sandbox/internal/products/v2/data-formats/${id}`,
      {
        dataFormatCode: code,
        name: 'Theirs',
      },
    )
    expect(theirs.status).toBe(200)
    await context.setOffline(false)
    await page.getByRole('link', { name: '1 change waits' }).click()
    await expect(page.getByText('Conflict')).toBeVisible({ timeout: 20_000 })
    expect((await findByCode(request, code))[0]?.name).toBe('Theirs')

    await page.getByRole('button', { name: 'Resolve' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('row', { name: /name/ })).toContainText('Theirs')
    await dialog.getByRole('button', { name: 'Keep mine' }).click()
    await expect(page.getByText('Nothing waits to be sent.', { exact: false })).toBeVisible({
      timeout: 20_000,
    })
    expect((await findByCode(request, code))[0]?.name).toBe('Mine')
  })

  test('the page and page size are restored from local storage', async ({ signedIn: page }) => {
    await page.goto('/data-formats')
    await page.getByLabel('Rows per page').selectOption('5')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByText('Page 2 of')).toBeVisible()
    expect(
      await page.evaluate(() => [
        localStorage.getItem('data-formats.currentPage'),
        localStorage.getItem('data-formats.limit'),
      ]),
    ).toEqual(['2', '5'])
    await page.goto('/data-formats')
    await expect(page.getByText('Page 2 of')).toBeVisible()
    await expect(page.getByTestId('data-format-row')).toHaveCount(5)
  })

  test('a draft survives a reload and can be restored', async ({ signedIn: page }) => {
    await page.goto('/data-formats/create')
    await page.getByLabel('Code').fill('DRAFT_CODE')
    await page.getByLabel('Name').fill('Half written')
    await page.waitForTimeout(800)
    await page.reload()
    await expect(page.getByText('You have an unsaved draft')).toBeVisible()
    await page.getByRole('button', { name: 'Restore draft' }).click()
    await expect(page.getByLabel('Name')).toHaveValue('Half written')
    await expect(page.getByLabel('Code')).toHaveValue('DRAFT_CODE')
  })

  test('validation messages are each rule’s own text, in the chosen language', async ({ signedIn: page }) => {
    await page.goto('/data-formats/create')
    await page.getByLabel('Code').fill('bad code!')
    await page.getByLabel('Ontology context').fill('ftp://nowhere')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Only alphanumeric characters are allowed')).toBeVisible()
    await expect(page.getByText('This field is required')).toBeVisible()
    await expect(page.getByText('Please provide a valid URL')).toBeVisible()
    await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true')
    await page.getByText('FI', { exact: true }).click()
    await expect(page.getByText('Tämä kenttä on pakollinen')).toBeVisible()
  })
})
