import { createProduct } from './commerce-support'
import { expect, test } from './fixtures'
import { outboxCount, platform, waitForCached, waitForServiceWorker } from './support'

const part = async (request: Parameters<typeof platform>[0], id: string, name: 'task' | 'meta') =>
  (await platform<Record<string, unknown>>(request, 'GET', `/api/sandbox/products/v2/${id}/${name}`)).json
    .result?.[name]

test.describe('task and meta data of a source', () => {
  test('only an object is saved; the save reaches the platform', async ({ signedIn: page, request }) => {
    const source = await createProduct(request, 'datasource')
    await platform(request, 'PUT', `/api/sandbox/products/v2/${source.id}/meta`, { meta: { owner: 'ops' } })
    await page.goto(`/sources/${source.id}/edit`)
    await page.getByRole('tab', { name: 'Task and meta data' }).click()
    const meta = page.getByRole('textbox', { name: 'Meta data' })
    await expect(meta).toHaveValue(/"owner": "ops"/)

    for (const text of ['[1, 2]', '{"broken":', '"text"']) {
      await meta.fill(text)
      await page.getByRole('button', { name: 'Save Meta data' }).click()
      await expect(page.getByText('Please enter a valid object')).toBeVisible()
      await expect(meta).toHaveAttribute('aria-invalid', 'true')
    }
    await meta.fill('{"owner": "ops", "region": "north"}')
    await page.getByRole('button', { name: 'Save Meta data' }).click()
    await expect(page.getByText('Please enter a valid object')).toHaveCount(0)
    await expect(page.getByText('Meta data saved.')).toBeVisible()
    await expect.poll(() => part(request, source.id, 'meta')).toEqual({ owner: 'ops', region: 'north' })

    // The task save is based on the version the meta save returned: no false conflict.
    await page.getByRole('textbox', { name: 'Task data' }).fill('{"interval": 60000}')
    await page.getByRole('button', { name: 'Save Task data' }).click()
    await expect.poll(() => part(request, source.id, 'task')).toEqual({ interval: 60000 })
    await expect(page.getByText('Waiting to sync')).toHaveCount(0)
  })

  test('offline, a save waits in the outbox, survives a reload and is sent once back online', async ({
    signedIn: page,
    context,
    request,
  }) => {
    const source = await createProduct(request, 'datasource')
    await page.goto(`/sources/${source.id}/edit`)
    await page.getByRole('tab', { name: 'Task and meta data' }).click()
    await expect(page.getByRole('textbox', { name: 'Task data' })).toHaveValue('{}')
    await waitForServiceWorker(page)
    await waitForCached(page, source.name)

    await context.setOffline(true)
    await page.getByRole('textbox', { name: 'Task data' }).fill('{"cron": "0 * * * *"}')
    await page.getByRole('button', { name: 'Save Task data' }).click()
    await expect(
      page.getByRole('tabpanel', { name: 'Task and meta data' }).getByText('Waiting to sync'),
    ).toBeVisible()
    expect(await outboxCount(page)).toBe(1)

    await page.reload()
    await page.getByRole('tab', { name: 'Task and meta data' }).click()
    await expect(page.getByRole('textbox', { name: 'Task data' })).toHaveValue(/"cron": "0 \* \* \* \*"/)
    await expect(
      page.getByRole('tabpanel', { name: 'Task and meta data' }).getByText('Waiting to sync'),
    ).toBeVisible()
    expect(await part(request, source.id, 'task')).toEqual({})

    await context.setOffline(false)
    await expect(page.getByText('Waiting to sync')).toHaveCount(0, { timeout: 20_000 })
    expect(await part(request, source.id, 'task')).toEqual({ cron: '0 * * * *' })
    expect(await outboxCount(page)).toBe(0)
  })
})

test('a meta save based on an older version of the source becomes a conflict, not an overwrite', async ({
  signedIn: page,
  context,
  request,
}) => {
  const source = await createProduct(request, 'datasource')
  await platform(request, 'PUT', `/api/sandbox/products/v2/${source.id}/meta`, { meta: { owner: 'them' } })
  await page.goto(`/sources/${source.id}/edit`)
  await page.getByRole('tab', { name: 'Task and meta data' }).click()
  const meta = page.getByRole('textbox', { name: 'Meta data' })
  await expect(meta).toHaveValue(/"owner": "them"/)
  await waitForServiceWorker(page)

  await context.setOffline(true)
  await meta.fill('{"owner": "me"}')
  await page.getByRole('button', { name: 'Save Meta data' }).click()
  // Meanwhile another client changes the source: its version moves on.
  const theirs = await platform(request, 'PATCH', `/api/sandbox/internal/products/v2/${source.id}`, {
    description: 'Changed elsewhere',
  })
  expect(theirs.status).toBe(200)
  await context.setOffline(false)

  const panel = page.getByRole('tabpanel', { name: 'Task and meta data' })
  await expect(panel.getByText('Not synced: see sync centre')).toBeVisible({ timeout: 20_000 })
  expect(await part(request, source.id, 'meta')).toEqual({ owner: 'them' })
})
