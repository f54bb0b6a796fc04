import type { APIRequestContext, Page } from '@playwright/test'
import { phoneContext } from './field-support'
import { expect, signInAs, test } from './fixtures'
import {
  entityIds,
  QUALITY_ENV,
  ROUTES,
  resolveRoute,
  settle,
  useQualityEnvironment,
} from './quality-support'
import { outboxCount, platform, readBootStore, uniqueCode, waitForServiceWorker } from './support'

// The field survey: on a 360 px phone every screen visited once opens offline
// with its screen, and edits made offline (creates and updates, across a reload and a second tab)
// reach the platform once each: none lost, none duplicated.

const WRITE = `/api/${QUALITY_ENV}/internal/products/v2/data-formats`
const READ = `/api/${QUALITY_ENV}/products/v2/data-formats`

test('every route opens offline on a phone, and offline edits are neither lost nor duplicated', async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000)
  const ids = await entityIds(request, QUALITY_ENV)
  const context = await phoneContext(browser)
  const page = await context.newPage()
  await useQualityEnvironment(page)
  await signInAs(page)
  await waitForServiceWorker(page)
  const routes = ROUTES.filter((r) => !['/redirect', '/no-such-page'].includes(r)).map((r) =>
    resolveRoute(r, ids),
  )
  for (const path of routes) {
    await page.goto(path)
    await settle(page, path)
  }
  await context.setOffline(true)
  const failed: string[] = []
  for (const path of routes) {
    await page.goto(path)
    const heading = page.getByRole('heading', { level: 1 }).first()
    const shown = await heading
      .waitFor({ state: 'visible', timeout: 15_000 })
      .then(() => heading.textContent())
      .catch(() => null)
    // Its data, not a loading state that never ends; and the error page has a heading too.
    const loaded = await expect(page.locator('[aria-busy="true"]'))
      .toHaveCount(0, { timeout: 10_000 })
      .then(() => expect(page.getByText('Loading…', { exact: true })).toHaveCount(0, { timeout: 5000 }))
      .then(() => true)
      .catch(() => false)
    const error = await page.getByRole('button', { name: 'Try again' }).count()
    if (!shown || !loaded || error)
      failed.push(
        `${path}: ${shown ?? 'nothing'}${loaded ? '' : ' (still loading)'}${error ? ' (error page)' : ''}`,
      )
  }
  console.log(`routes offline at 360 px: ${routes.length - failed.length} of ${routes.length} open`)
  expect(failed, 'routes that do not open offline').toEqual([])

  // Offline edits: two creates and two updates in this tab, one more update in a second tab, a reload.
  const existing: { id: string; code: string }[] = []
  for (let i = 0; i < 3; i++) {
    const code = uniqueCode('SURVEY')
    const made = await platform<{ id: string }>(request, 'POST', WRITE, {
      dataFormatCode: code,
      name: `Survey ${i}`,
    })
    existing.push({ id: made.json.result?.id as string, code })
  }
  await context.setOffline(false)
  await page.goto('/data-formats?page=1&limit=100')
  await expect(page.getByRole('cell', { name: existing[2]?.code, exact: true })).toBeVisible()
  for (const e of existing) {
    await page.goto(`/data-formats/${e.id}/edit`)
    await expect(page.getByLabel('Name')).toHaveValue(/^Survey/)
  }
  // A second tab, open on the third format's form when the line goes.
  const second = await context.newPage()
  await second.goto(`/data-formats/${existing[2]?.id}/edit`)
  await expect(second.getByLabel('Name')).toHaveValue(/^Survey/)
  await context.setOffline(true)
  const created = [uniqueCode('FIELDNEW'), uniqueCode('FIELDNEW')]
  const create = async (tab: Page, code: string) => {
    await tab.goto('/data-formats/create')
    await tab.getByLabel('Code').fill(code)
    await tab.getByLabel('Name').fill(`Made in the field ${code}`)
    await tab.getByRole('button', { name: 'Save' }).click()
    await expect(tab).toHaveURL(/\/data-formats(\?|$)/)
  }
  const edit = async (tab: Page, id: string, name: string) => {
    if (!tab.url().endsWith(`/data-formats/${id}/edit`)) await tab.goto(`/data-formats/${id}/edit`)
    await tab.getByLabel('Name').fill(name)
    await tab.getByRole('button', { name: 'Save' }).click()
    await expect(tab).toHaveURL(/\/data-formats(\?|$)/)
  }
  for (const code of created) await create(page, code)
  await edit(page, existing[0]?.id as string, 'Edited in the field 0')
  await edit(page, existing[1]?.id as string, 'Edited in the field 1')
  await edit(second, existing[2]?.id as string, 'Edited in the second tab')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(() => outboxCount(page)).toBe(5)
  await context.setOffline(false)
  await expect.poll(() => outboxCount(page), { timeout: 60_000 }).toBe(0)

  const formats =
    (
      await platform<{ itemList: { id: string; name: string; dataFormatCode: string }[] }>(
        request,
        'GET',
        `${READ}?limit=500&q=FIELDNEW`,
      )
    ).json.result?.itemList ?? []
  let lost = 0
  let duplicated = 0
  for (const code of created) {
    const n = formats.filter((f) => f.dataFormatCode === code).length
    if (n === 0) lost += 1
    if (n > 1) duplicated += n - 1
  }
  const expectedNames = ['Edited in the field 0', 'Edited in the field 1', 'Edited in the second tab']
  for (const [i, e] of existing.entries()) {
    const now = (await platform<{ name: string }>(request, 'GET', `${READ}/${e.id}`)).json.result
    if (now?.name !== expectedNames[i]) lost += 1
  }
  console.log(`offline edits: 5 made, ${lost} lost, ${duplicated} duplicated`)
  expect({ lost, duplicated }).toEqual({ lost: 0, duplicated: 0 })
  await context.close()
})

/** Signs in with the worker installed, and makes a data format on the platform, not yet read. */
async function signedInWithNewFormat(page: Page, request: APIRequestContext, prefix: string) {
  await signInAs(page)
  await waitForServiceWorker(page)
  const code = uniqueCode(prefix)
  const made = await platform<{ id: string }>(request, 'POST', WRITE, { dataFormatCode: code, name: code })
  return { code, id: made.json.result?.id as string }
}

test('a screen whose data came just before the page was left opens offline with that data', async ({
  page,
  context,
  request,
}) => {
  await useQualityEnvironment(page)
  const { code, id } = await signedInWithNewFormat(page, request, 'LEFTFAST')
  // The data is shown and the page is left at once, before a throttled save of the cache would run.
  await page.goto(`/data-formats/${id}/edit`)
  await expect(page.getByLabel('Name')).toHaveValue(code, { timeout: 10_000 })
  await page.goto('/me')
  await context.setOffline(true)
  await page.goto(`/data-formats/${id}/edit`)
  await expect(page.getByLabel('Name')).toHaveValue(code)
  await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0)
})

test('what a tab saved as it was left survives another tab that restored its cache before', async ({
  page,
  context,
  request,
}) => {
  await useQualityEnvironment(page)
  const { code, id } = await signedInWithNewFormat(page, request, 'OTHERTAB')
  await page.goto('/me')
  await expect(page.getByText('admin@example.com')).toBeVisible()
  // A second tab shows the data format, which this tab never read, and is left.
  const other = await context.newPage()
  await other.goto(`/data-formats/${id}/edit`)
  await expect(other.getByLabel('Name')).toHaveValue(code, { timeout: 10_000 })
  await other.goto('about:blank')
  await other.close()
  // This tab's next write of the cache keeps what the other one saved.
  await page.getByRole('link', { name: 'Monitoring' }).click()
  await expect(page.getByTestId('requests-chart').locator('canvas')).toBeVisible()
  await expect
    .poll(async () => {
      const saved = String((await readBootStore(page, 'query-cache')) ?? '')
      return saved.includes('"monitoring","stats"') && saved.includes(code)
    })
    .toBe(true)
  await context.setOffline(true)
  await page.goto(`/data-formats/${id}/edit`)
  await expect(page.getByLabel('Name')).toHaveValue(code)
})
