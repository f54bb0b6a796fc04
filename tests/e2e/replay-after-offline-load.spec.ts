import { expect, test } from './fixtures'
import { platform, refuseChunk, uniqueCode, waitForOutboxDb } from './support'

// On a first visit no service worker keeps the console's chunks yet: the connection gone before the
// replay's code has come, a change saved meanwhile is kept on the device, and must still go out once
// the connection is back, without the user reloading the page.

// No service worker between the page and the server: as before one is installed.
test.use({ serviceWorkers: 'block' })

const FORMATS = '/api/sandbox/internal/products/v2/data-formats'

test('the replay code refused while offline loads once back online, and sends the change saved meanwhile', async ({
  signedIn: page,
  context,
  request,
}) => {
  const code = uniqueCode('LATE')
  // Nothing of the page signing in is still loading: what comes next is the form's page's.
  await page.goto('about:blank')
  const replay = await refuseChunk(page, 'the replay', (name) => /^outbox-sync-[\w-]+\.js$/.test(name))
  await page.goto('/data-formats/create')
  await expect(page.getByLabel('Code')).toBeVisible()
  // The first screen is shown: the replay's code was asked for and refused, and the outbox's readers
  // have opened its database, so a save offline is kept on the device.
  await expect.poll(replay.refused, { timeout: 15_000 }).toBeGreaterThan(0)
  await waitForOutboxDb(page)

  await context.setOffline(true)
  await page.getByLabel('Code').fill(code)
  await page.getByLabel('Name').fill('Sent without a reload')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('link', { name: '1 change waits' })).toBeVisible()

  await replay.letIn()
  await context.setOffline(false)
  const find = async () => {
    const { json } = await platform<{ itemList: { id: string; dataFormatCode: string }[] }>(
      request,
      'GET',
      `/api/sandbox/products/v2/data-formats?limit=100&q=${encodeURIComponent(code)}`,
    )
    return (json.result?.itemList ?? []).filter((f) => f.dataFormatCode === code)
  }
  await expect
    .poll(async () => (await find()).length, { message: 'the change reached the platform', timeout: 15_000 })
    .toBe(1)
  await expect(page.getByRole('link', { name: /changes? wait/ })).toHaveCount(0)
  for (const format of await find()) await platform(request, 'DELETE', `${FORMATS}/${format.id}`)
})
