import type { BrowserContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { platform, refuseChunk, uniqueCode } from './support'

// On a first visit no service worker keeps the console's chunks yet: offline, the outbox's code
// (Dexie) cannot be fetched, so a save can be neither sent nor kept on the device. The form stays,
// with what was typed, and says so in the user's language; the screen is never replaced by an error
// page. Online again, the same Save sends it.

// No service worker between the page and the server: as before one is installed.
test.use({ serviceWorkers: 'block' })

const FORMATS = '/api/sandbox/internal/products/v2/data-formats'

/**
 * Opens `path` with the outbox's code never coming, waits until `shown` and the first screen is shown
 * (the outbox's readers then load that code, and the replay's own chunk comes), then goes offline.
 * Returns how many times the code was refused, and how to let it come again.
 */
async function offlineWithoutOutboxCode(
  page: Page,
  context: BrowserContext,
  path: string,
  shown: (page: Page) => Promise<void>,
) {
  // Nothing of the page signing in is still loading: what comes next is the screen's.
  await page.goto('about:blank')
  const dexie = await refuseChunk(page, 'Dexie', (_, text) => text.includes('DexieError'))
  const firstScreenShown = page.waitForResponse((r) => /\/assets\/outbox-sync-[\w-]+\.js$/.test(r.url()))
  await page.goto(path)
  await shown(page)
  await firstScreenShown
  // The screen's readers of the outbox (the count of waiting changes) were refused its code.
  await expect.poll(dexie.refused, { timeout: 15_000 }).toBeGreaterThan(0)
  await context.setOffline(true)
  return dexie
}

/** The create form of a data format, offline without the outbox's code: typed and saved. */
async function saveWithoutOutboxCode(
  page: Page,
  context: BrowserContext,
  labels: { code: string; name: string; save: string },
  values: { code: string; name: string },
) {
  const code = await offlineWithoutOutboxCode(page, context, '/data-formats/create', (p) =>
    expect(p.getByLabel(labels.code)).toBeVisible(),
  )
  await page.getByLabel(labels.code).fill(values.code)
  await page.getByLabel(labels.name).fill(values.name)
  const before = code.refused()
  await page.getByRole('button', { name: labels.save }).click()
  return {
    /** The save tried to load the outbox's code again. */
    triedAgain: () => code.refused() > before,
    letIn: code.letIn,
  }
}

async function expectFormKept(
  page: Page,
  labels: { code: string; name: string },
  values: { code: string; name: string },
) {
  await expect(page).toHaveURL(/\/data-formats\/create$/)
  await expect(page.getByLabel(labels.code)).toHaveValue(values.code)
  await expect(page.getByLabel(labels.name)).toHaveValue(values.name)
  await expect(page.getByText('dynamically imported module')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: /^(Error|Virhe)$/ })).toHaveCount(0)
}

test('offline before the outbox code has come, Save keeps the form and its input and says it is not saved; online again, Save sends it', async ({
  signedIn: page,
  context,
  request,
}) => {
  const labels = { code: 'Code', name: 'Name', save: 'Save' }
  const values = { code: uniqueCode('KEPT'), name: 'Not lost' }
  const save = await saveWithoutOutboxCode(page, context, labels, values)
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toHaveText(
    'Not saved: there is no connection, and this device cannot keep the change yet. Your entries stay in the form; save again once you are online.',
  )
  expect(save.triedAgain()).toBe(true)
  await expectFormKept(page, labels, values)

  await save.letIn()
  await context.setOffline(false)
  // The console sees the connection back (it asks the platform) before the user saves again.
  await expect(page.getByTestId('offline-status')).toHaveCount(0)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/data-formats(\?|$)/, { timeout: 15_000 })
  await expect(page.getByTestId('notices')).toContainText('Not lost saved.')
  const { json } = await platform<{ itemList: { id: string; dataFormatCode: string }[] }>(
    request,
    'GET',
    `/api/sandbox/products/v2/data-formats?limit=100&q=${encodeURIComponent(values.code)}`,
  )
  const made = (json.result?.itemList ?? []).filter((f) => f.dataFormatCode === values.code)
  expect(made).toHaveLength(1)
  for (const format of made) await platform(request, 'DELETE', `${FORMATS}/${format.id}`)
})

test('offline before the outbox code has come, a delete says it is not deleted and stays open; online again, Delete deletes', async ({
  signedIn: page,
  context,
  request,
}) => {
  const code = uniqueCode('DEL')
  const made = await platform<{ id: string }>(request, 'POST', FORMATS, { dataFormatCode: code, name: code })
  const id = made.json.result?.id as string
  const row = page.getByTestId('data-format-row').filter({ hasText: code })
  const dialog = page.getByRole('dialog')
  // The delete dialog's own code has come (it is fetched once the list is shown; opened once here to
  // know it is in): what is missing is only the outbox's.
  const outbox = await offlineWithoutOutboxCode(page, context, '/data-formats?limit=100', async () => {
    await row.getByRole('button', { name: 'Delete' }).click()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
  })
  await row.getByRole('button', { name: 'Delete' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog).toContainText(
    'Not deleted: there is no connection, and this device cannot keep the delete yet. Delete again once you are online.',
  )
  await expect(page.getByText('dynamically imported module')).toHaveCount(0)

  await outbox.letIn()
  await context.setOffline(false)
  await expect(page.getByTestId('offline-status')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog).toHaveCount(0, { timeout: 15_000 })
  await expect(page.getByTestId('notices')).toContainText(`${code} deleted.`)
  expect((await platform(request, 'GET', `${FORMATS}/${id}`)).status).toBe(404)
})

test.describe('in Finnish', () => {
  test.use({ consoleLocale: 'fi' })

  test('offline before the outbox code has come, Save keeps the form and says so in Finnish', async ({
    signedIn: page,
    context,
  }) => {
    const labels = { code: 'Koodi', name: 'Nimi', save: 'Tallenna' }
    const values = { code: uniqueCode('KEPT'), name: 'Ei kadonnut' }
    await saveWithoutOutboxCode(page, context, labels, values)
    await expect(page.getByRole('alert').filter({ hasText: 'Ei tallennettu' })).toHaveText(
      'Ei tallennettu: yhteyttä ei ole, eikä tämä laite voi vielä säilyttää muutosta. Kirjoittamasi tiedot pysyvät lomakkeella; tallenna uudelleen, kun yhteys on palannut.',
    )
    await expectFormKept(page, labels, values)
  })
})
