import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'
import { OPERATOR_TOKEN, platform, uniqueCode, waitForCached, waitForServiceWorker } from './support'

interface Application {
  id: string
  name: string
  description?: string
}

const PATH = '/api/sandbox/auth/applications'
const VIEWER_TOKEN = 'demo-viewer-token'

const named = async (request: APIRequestContext, name: string) =>
  ((await platform<Application[]>(request, 'GET', `${PATH}?limit=100`)).json.result ?? []).filter(
    (a) => a.name === name,
  )

/** Removes what a test left on the platform, by name. */
const removeNamed = async (request: APIRequestContext, ...names: string[]) => {
  for (const name of names)
    for (const a of await named(request, name)) await platform(request, 'DELETE', `${PATH}/${a.id}`)
}

test.describe('applications, as the administrator', () => {
  test('creates, edits and deletes an application from the profile', async ({ signedIn: page, request }) => {
    const name = uniqueCode('App')
    const renamed = `${name} renamed`
    try {
      await page.goto('/me')
      await page.getByRole('link', { name: 'All applications' }).click()
      await expect(page).toHaveURL(/\/me\/applications/)
      await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible()
      await expect(page.getByTestId('application-row').filter({ hasText: 'Orchestrator' })).toBeVisible()

      await page.getByRole('link', { name: 'New application' }).click()
      await expect(page.getByRole('heading', { name: 'New application' })).toBeVisible()
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByText('This field is required')).toBeVisible()
      await page.getByLabel('Name').fill(name)
      await page.getByLabel('Description').fill('Made by a browser test')
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(page).toHaveURL(/\/me\/applications(\?|$)/)
      await expect(page.getByTestId('application-row').filter({ hasText: name })).toBeVisible()
      await expect.poll(async () => (await named(request, name)).length).toBe(1)

      await page.getByRole('link', { name: `Edit ${name}` }).click()
      await expect(page.getByLabel('Name')).toHaveValue(name)
      await page.getByLabel('Name').fill(renamed)
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByTestId('application-row').filter({ hasText: renamed })).toBeVisible()
      await expect
        .poll(async () => (await named(request, renamed))[0]?.description)
        .toBe('Made by a browser test')

      await page.getByRole('button', { name: `Delete ${renamed}` }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toContainText(`Delete ${renamed}?`)
      await dialog.getByRole('button', { name: 'Delete' }).click()
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('application-row').filter({ hasText: renamed })).toHaveCount(0)
      expect(await named(request, renamed)).toHaveLength(0)
    } finally {
      await removeNamed(request, name, renamed)
    }
  })

  test('one created offline waits, marked, and is sent once when back online', async ({
    signedIn: page,
    context,
    request,
  }) => {
    const name = uniqueCode('Offline')
    try {
      await page.goto('/me/applications?page=1&limit=100')
      await expect(page.getByTestId('application-row').filter({ hasText: 'Orchestrator' })).toBeVisible()
      await waitForServiceWorker(page)
      await waitForCached(page, 'Field Reporter')

      await context.setOffline(true)
      await page.getByRole('link', { name: 'New application' }).click()
      await page.getByLabel('Name').fill(name)
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByTestId('application-row').filter({ hasText: name })).toContainText(
        'Waiting to sync',
      )
      await expect(page.getByRole('link', { name: '1 change waits' })).toBeVisible()
      expect(await named(request, name)).toHaveLength(0)

      await context.setOffline(false)
      await expect(page.getByRole('link', { name: /changes? wait/ })).toHaveCount(0, { timeout: 20_000 })
      await expect(page.getByTestId('application-row').filter({ hasText: name })).not.toContainText(
        'Waiting to sync',
      )
      // Sent once, whatever retries the connection's return set off.
      await page.waitForTimeout(1000)
      expect(await named(request, name)).toHaveLength(1)
    } finally {
      await removeNamed(request, name)
    }
  })
})

test.describe('applications, read only', () => {
  test.use({ token: OPERATOR_TOKEN })

  test('a user who may only read sees the list without write controls', async ({ signedIn: page }) => {
    await page.goto('/me')
    await page.getByRole('link', { name: 'All applications' }).click()
    await expect(page.getByTestId('application-row').filter({ hasText: 'Orchestrator' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'New application' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0)
    await page.goto('/me/applications/create')
    await expect(page.getByText('Not permitted')).toBeVisible()
  })
})

test.describe('applications, without the permission to read them', () => {
  test.use({ token: VIEWER_TOKEN })

  test('the profile has no link to them, and their address says so', async ({ signedIn: page }) => {
    await page.goto('/me')
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'All applications' })).toHaveCount(0)
    await page.goto('/me/applications')
    await expect(page.getByText('Not permitted')).toBeVisible()
    await expect(page.getByTestId('application-row')).toHaveCount(0)
  })
})

test.describe('applications in Finnish', () => {
  test.use({ consoleLocale: 'fi' })

  test('the list, the form and the delete dialog speak Finnish', async ({ signedIn: page }) => {
    await page.goto('/me')
    await page.getByRole('link', { name: 'Kaikki sovellukset' }).click()
    await expect(page.getByRole('heading', { name: 'Sovellukset' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Takaisin profiiliin' })).toBeVisible()
    await page.getByRole('button', { name: 'Poista Field Reporter' }).click()
    await expect(page.getByRole('dialog')).toContainText('Poistetaanko Field Reporter?')
    await expect(page.getByRole('dialog')).toContainText('Sovellus poistetaan alustalta')
    await page.getByRole('dialog').getByRole('button', { name: 'Peruuta' }).click()
    await page.getByRole('link', { name: 'Uusi sovellus' }).click()
    await expect(page.getByRole('heading', { name: 'Uusi sovellus' })).toBeVisible()
    await expect(page.getByLabel('Kuvaus')).toBeVisible()
  })
})

test.describe('applications on screen', () => {
  test('list and form at 1280 and 390 px', async ({ signedIn: page }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/me/applications')
      await expect(page.getByTestId('application-row').first()).toBeVisible()
      await page.screenshot({ path: `/tmp/h32res-list-${width}.png`, fullPage: true })
      const first = await page.getByTestId('application-row').first().boundingBox()
      expect(first?.width ?? 0).toBeLessThanOrEqual(width)
      await page.goto('/me/applications/create')
      await expect(page.getByLabel('Name')).toBeVisible()
      await page.screenshot({ path: `/tmp/h32res-form-${width}.png`, fullPage: true })
    }
  })
})
