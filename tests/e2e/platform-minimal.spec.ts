import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { ADMIN_TOKEN } from './support'

// The console against a platform that answers with the least the specification promises: the reference
// platform started with PLATFORM_PROFILE=minimal on a port of its own (plain arrays, no totalCount
// but for data formats, epoch times, absent empty fields, unknown fields, no run history).

const port = Number(process.env.E2E_PORT ?? 4310) + 50
const base = `http://localhost:${port}`
let server: ChildProcess | undefined

test.use({ baseURL: base })
test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  // Node itself (not npx): one process, ended with the suite.
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'orchestrator-minimal-')),
      PLATFORM_PROFILE: 'minimal',
    },
    stdio: 'ignore',
  })
  for (let i = 0; i < 170; i++) {
    const up = await fetch(`${base}/api/sandbox/configs`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error('The minimal platform did not start')
})
test.afterAll(() => {
  server?.kill()
})

/** What no screen may say of a platform it can read. */
const WRONG = /NaN|\[object Object\]|Removed data format|There was a problem with your request/

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Loading…')).toHaveCount(0, { timeout: 20_000 })
}

test('the main screens read a minimal platform', async ({ signedIn: page }) => {
  test.setTimeout(180_000)
  for (const path of [
    '/',
    '/products',
    '/sources',
    '/templates',
    '/connectors',
    '/transformers',
    '/tasks',
    '/data-formats',
    '/events',
    '/monitoring',
    '/outbox',
    '/me',
  ]) {
    await page.goto(path)
    await settled(page)
    await expect(page.locator('body')).not.toContainText(WRONG)
    await expect(page.getByTestId('unreadable-item')).toHaveCount(0)
  }
  // Without a total the pager counts no pages; a full page offers the next.
  await page.goto('/tasks')
  await expect(page.getByText(/^Page 1$/)).toBeVisible()
  await expect(page.getByText(/at least 10 items/)).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText(/^Page 2$/)).toBeVisible()
  // Data formats keep the total the SPEC names for them.
  await page.goto('/data-formats')
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()
  // A product's page, and its edit form.
  await page.goto('/products')
  await page.getByRole('row').nth(1).getByRole('link').first().click()
  await settled(page)
  await expect(page).toHaveURL(/\/products\/prd-/)
  await expect(page.locator('body')).not.toContainText(WRONG)
  // A task's history: the platform keeps none, and says so plainly.
  await page.goto('/tasks')
  await page.getByRole('row').nth(1).getByRole('link').first().click()
  await expect(page.getByTestId('runs-not-provided')).toBeVisible()
  await expect(page.locator('body')).not.toContainText(WRONG)
})

test('a description edit sends only the description; quality attributes stay', async ({
  signedIn: page,
  request,
}) => {
  test.setTimeout(120_000)
  const headers = { Authorization: `Bearer ${ADMIN_TOKEN}` }
  const list = await (
    await request.get('/api/sandbox/products/v2?type=dataproduct&limit=50', { headers })
  ).json()
  const product = (list.result as { id: string; qualityAttributes?: string[] }[]).find(
    (p) => p.qualityAttributes?.length,
  )
  expect(product).toBeTruthy()
  const id = product?.id ?? ''
  const sent: unknown[] = []
  page.on('request', (r) => {
    if (r.method() === 'PATCH') sent.push(r.postDataJSON())
  })
  await page.goto(`/products/${id}/edit`)
  await page.getByLabel('Description').fill('Edited against the minimal platform')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/products/${id}$`), { timeout: 20_000 })
  expect(sent).toEqual([{ description: 'Edited against the minimal platform' }])
  const after = await (await request.get(`/api/sandbox/products/v2/${id}`, { headers })).json()
  expect(after.result.description).toBe('Edited against the minimal platform')
  expect(after.result.qualityAttributes).toEqual(product?.qualityAttributes)
})

/** The body of every PUT the console sends from now on. */
function putBodies(page: Page) {
  const sent: Record<string, unknown>[] = []
  page.on('request', (r) => {
    if (r.method() === 'PUT') sent.push(r.postDataJSON())
  })
  return sent
}

test('a task edit on ids of another form sends back all it received, the rename laid over', async ({
  signedIn: page,
  request,
}) => {
  test.setTimeout(120_000)
  const headers = { Authorization: `Bearer ${ADMIN_TOKEN}` }
  const list = await (await request.get('/api/sandbox/tasks?limit=20', { headers })).json()
  const task = (list.result as Record<string, unknown>[]).find(
    (t) => Array.isArray(t.jobs) && t.jobs.length > 0 && Array.isArray(t.actions) && t.actions.length > 1,
  ) as { id: string; name: string; actions: Record<string, unknown>[]; description?: string } | undefined
  expect(task?.id).toMatch(/^tsk-/)
  const id = task?.id ?? ''
  const sent = putBodies(page)
  await page.goto(`/tasks/${id}/edit`)
  const name = page.getByRole('textbox', { name: 'Name', exact: true })
  await expect(name).toHaveValue(task?.name ?? '')
  await name.fill(`${task?.name} renamed`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/tasks/${id}$`), { timeout: 20_000 })
  await expect.poll(() => sent.length, { timeout: 20_000 }).toBeGreaterThan(0)
  // One PUT of the task (the jobs, untouched, get none), with what the console does not know kept,
  // every action as it came, and nothing absent made empty.
  expect(sent).toHaveLength(1)
  const body = sent[0] as Record<string, unknown>
  expect(body.name).toBe(`${task?.name} renamed`)
  expect(body.x_minimal).toEqual({ note: 'a field the console does not know' })
  expect(body.description).toBe(task?.description)
  expect(body.actions).toEqual(
    task?.actions.map(({ x_minimal: _, ...action }) => expect.objectContaining(action)),
  )
  for (const [key, value] of Object.entries(body))
    expect(value === '' || (Array.isArray(value) && value.length === 0), `${key} made empty`).toBe(false)
  const after = await (await request.get(`/api/sandbox/tasks/${id}`, { headers })).json()
  expect(after.result.name).toBe(`${task?.name} renamed`)
  // The jobs as they were (the profile marks objects near the top with a field of its own).
  const plain = (jobs: Record<string, unknown>[]) => jobs.map(({ x_minimal: _, ...job }) => job)
  expect(plain(after.result.jobs)).toEqual(
    plain(
      (list.result as { id: string; jobs: Record<string, unknown>[] }[]).find((t) => t.id === id)?.jobs ?? [],
    ),
  )
})

test('a data format made and edited through the console has the id the platform gave it', async ({
  signedIn: page,
  request,
}) => {
  test.setTimeout(120_000)
  const headers = { Authorization: `Bearer ${ADMIN_TOKEN}` }
  const code = `MIN_${Date.now().toString(36).toUpperCase()}`
  await page.goto('/data-formats')
  await page.getByRole('link', { name: 'New data format' }).click()
  await page.getByLabel('Code').fill(code)
  await page.getByLabel('Name').fill('Made on a minimal platform')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('row').filter({ hasText: code })).toBeVisible({ timeout: 20_000 })
  const formats = await (
    await request.get('/api/sandbox/products/v2/data-formats?limit=100', { headers })
  ).json()
  const made = (formats.result.itemList as { id: string; dataFormatCode: string }[]).find(
    (f) => f.dataFormatCode === code,
  )
  expect(made?.id).toMatch(/^fmt-/)
  const sent = putBodies(page)
  await page.getByRole('link', { name: 'Edit Made on a minimal platform' }).click()
  await expect(page).toHaveURL(new RegExp(`/data-formats/${made?.id}/edit$`))
  await page.getByLabel('Name').fill('Edited on a minimal platform')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('row').filter({ hasText: 'Edited on a minimal platform' })).toBeVisible({
    timeout: 20_000,
  })
  expect(sent).toHaveLength(1)
  expect(sent[0]).toMatchObject({ dataFormatCode: code, name: 'Edited on a minimal platform' })
  expect(sent[0]?.x_minimal).toEqual({ note: 'a field the console does not know' })
  await expect(page.locator('body')).not.toContainText(WRONG)
})
