import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { OPERATOR_TOKEN, platform, uniqueCode, waitForOutboxDb } from './support'
import { getTask } from './tasks-support'

// A save waits for the platform's answer: refused, the form stays open with the platform's errors on
// its fields; offline or unanswered, a notice says the change is kept on this device; refused later,
// the sync centre leads back to the form with the input and the messages. The form's rules are the
// platform's, said in the user's units and language.

// Requests go from the page itself (no service worker between), so a test can answer for the platform.
test.use({ serviceWorkers: 'block' })

const FORMATS = '/api/sandbox/internal/products/v2/data-formats'

async function formatsWithCode(page: Page, code: string) {
  const { json } = await platform<{ itemList: { id: string; dataFormatCode: string; name: string }[] }>(
    page.request,
    'GET',
    `/api/sandbox/products/v2/data-formats?limit=100&q=${encodeURIComponent(code)}`,
  )
  return (json.result?.itemList ?? []).filter((f) => f.dataFormatCode === code)
}

async function outboxEntries(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('orchestrator')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('outbox')) return resolve(0)
          const count = db.transaction('outbox').objectStore('outbox').count()
          count.onsuccess = () => resolve(count.result)
        }
        open.onerror = () => resolve(-1)
      }),
  )
}

test('a product code taken meanwhile is said on the Product code field of the open form', async ({
  signedIn: page,
  made,
}) => {
  const { productCode: code } = await made.product('dataproduct')
  await page.goto('/products/create')
  await page.getByLabel('Name').fill('Copy')
  await page.getByLabel('Product code').fill(code)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(
    page.getByText('Product with the same product code already exists.', { exact: true }),
  ).toBeVisible({ timeout: 15_000 })
  await expect(page).toHaveURL(/\/products\/create$/)
  await expect(page.getByLabel('Product code')).toHaveAttribute('aria-invalid', 'true')
})

test('a conflict (412) keeps the form open and leads to the sync centre', async ({
  signedIn: page,
  request,
}) => {
  const code = uniqueCode('VER')
  const made = await platform<{ id: string }>(request, 'POST', FORMATS, {
    dataFormatCode: code,
    name: 'Mine',
  })
  const id = made.json.result?.id as string
  await page.goto(`/data-formats/${id}/edit`)
  await expect(page.getByLabel('Name')).toHaveValue('Mine')
  // Another client changes it after the form was opened.
  expect(
    (await platform(request, 'PUT', `${FORMATS}/${id}`, { dataFormatCode: code, name: 'Theirs' })).status,
  ).toBe(200)
  await page.getByLabel('Name').fill('Mine again')
  await page.getByRole('button', { name: 'Save' }).click()
  const refusal = page.getByTestId('platform-refusal')
  await expect(refusal).toContainText('Someone changed this meanwhile', { timeout: 15_000 })
  await expect(page).toHaveURL(new RegExp(`/data-formats/${id}/edit$`))
  await refusal.getByRole('link', { name: 'Open the sync centre' }).click()
  await expect(page.getByTestId('outbox-entry')).toContainText('Conflict')
})

test('a create refused with 412 and no version of theirs stays in the form; the sync centre offers no empty comparison', async ({
  signedIn: page,
}) => {
  const code = uniqueCode('NOVER')
  await page.goto('/data-formats/create')
  // A platform that answers a create 412 and sends no current entity: nothing to compare with.
  await page.route(`**${FORMATS}`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 412,
          contentType: 'application/json',
          body: '{"success":false,"message":"Version mismatch"}',
        })
      : route.continue(),
  )
  await page.getByLabel('Code').fill(code)
  await page.getByLabel('Name').fill('Mine')
  await page.getByRole('button', { name: 'Save' }).click()
  const refusal = page.getByTestId('platform-refusal')
  await expect(refusal).toContainText('Version mismatch', { timeout: 15_000 })
  await expect(refusal).not.toContainText('Someone changed this meanwhile')
  await expect(page).toHaveURL(/\/data-formats\/create$/)
  await expect(page.getByLabel('Code')).toHaveValue(code)
  await expect(page.getByLabel('Name')).toHaveValue('Mine')
  await page.goto('/outbox')
  const entry = page.getByTestId('outbox-entry')
  await expect(entry).toContainText('412')
  await expect(entry).not.toContainText('Conflict')
  await expect(page.getByText('Keep yours, take theirs', { exact: false })).toHaveCount(0)
  expect(await formatsWithCode(page, code)).toHaveLength(0)
})

test('a server error (500) says the change is kept on this device and sent again, and it is', async ({
  signedIn: page,
}) => {
  const code = uniqueCode('FIVE')
  await page.goto('/data-formats/create')
  let refuse = true
  await page.route(`**${FORMATS}`, (route) =>
    refuse && route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"success":false,"message":"Down"}',
        })
      : route.continue(),
  )
  await page.getByLabel('Code').fill(code)
  await page.getByLabel('Name').fill('Later')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('notices')).toContainText(
    'The platform could not take Later now (500). It is saved on this device and will be sent again.',
    { timeout: 15_000 },
  )
  await expect(page).toHaveURL(/\/data-formats(\?|$)/)
  expect(await formatsWithCode(page, code)).toHaveLength(0)
  await page.goto('/outbox')
  await expect(page.getByTestId('outbox-entry')).toContainText('500')
  // The platform is back: the change waiting on this device is sent.
  refuse = false
  // Sent now, or by the outbox's own retry if that comes first (Sync now is then disabled: nothing waits).
  await page
    .getByRole('button', { name: 'Sync now' })
    .click({ timeout: 5_000 })
    .catch(() => undefined)
  await expect(page.getByText('Nothing waits to be sent.', { exact: false })).toBeVisible({ timeout: 20_000 })
  expect((await formatsWithCode(page, code)).map((f) => f.name)).toEqual(['Later'])
})

test('a cron date that never comes is refused; a time the zone skips is said in the preview', async ({
  signedIn: page,
  request,
}) => {
  await page.goto('/tasks/create')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(uniqueCode('Never'))
  await page.getByRole('button', { name: 'Add scheduled job' }).click()
  const job = page.getByTestId('task-job')
  await job.getByLabel('Cron expression').fill('0 0 31 2 *')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(job.getByText('This schedule never runs: no month has that day')).toBeVisible()
  await expect(page).toHaveURL(/\/tasks\/create$/)
  // The platform has the same rule.
  const refused = await platform(request, 'POST', '/api/sandbox/tasks', {
    name: 'Never',
    jobs: [{ schedule: '0 0 31 2 *' }],
  })
  expect(refused.status).toBe(400)

  await job.getByLabel('Cron expression').fill('30 3 * * *')
  await job.getByLabel('Time zone').selectOption('FLE Standard Time')
  await expect(job.getByTestId('cron-skipped')).toContainText(
    /03:30 on .+ does not exist in Europe\/Helsinki: the clocks go forward then/,
  )
  await job.getByLabel('Cron expression').fill('30 2 * * *')
  await expect(job.getByTestId('cron-preview')).toContainText('At 02:30')
  await expect(job.getByTestId('cron-skipped')).toHaveCount(0)
  await page.getByText('FI', { exact: true }).click()
  await job.getByLabel('Cron-lauseke').fill('30 3 * * *')
  await expect(job.getByTestId('cron-skipped')).toContainText('Kellonaikaa 03:30 ei ole')
})

test('the scheduled jobs of an existing task are edited and saved, then the task screen opens', async ({
  signedIn: page,
  made,
  request,
}) => {
  const task = await made.task({ name: uniqueCode('Jobs') })
  await page.goto(`/tasks/${task.id}/edit`)
  const jobs = page.getByTestId('task-job')
  await expect(jobs).toHaveCount(1)
  await jobs.first().getByLabel('Cron expression').fill('15 4 * * *')
  await page.getByRole('button', { name: 'Add scheduled job' }).click()
  await jobs.nth(1).getByLabel('Cron expression').fill('0 12 * * 1-5')
  await jobs.nth(1).getByLabel('Time zone').selectOption('Tokyo Standard Time')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`), { timeout: 20_000 })
  const saved = await getTask(request, task.id)
  expect(saved?.jobs).toMatchObject([
    { schedule: '15 4 * * *', timeZone: 'FLE Standard Time' },
    { schedule: '0 12 * * 1-5', timeZone: 'Tokyo Standard Time' },
  ])
  expect(saved?.name).toBe(task.name)
})

test('a task is deleted after a confirmation and only once the platform did it', async ({
  signedIn: page,
  made,
  request,
}) => {
  const task = await made.task({ name: uniqueCode('Delete me') })
  await page.goto(`/tasks/${task.id}`)
  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(`Delete ${task.name}?`)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  expect(await getTask(request, task.id)).toBeDefined()

  await page.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete task' }).click()
  await expect(page).toHaveURL(/\/tasks(\?|$)/, { timeout: 15_000 })
  await expect(page.getByTestId('notices')).toContainText(`${task.name} deleted.`)
  expect((await platform(request, 'GET', `/api/sandbox/tasks/${task.id}`)).status).toBe(404)
})

test('a delete the platform refuses keeps the task screen and says so', async ({
  signedIn: page,
  made,
  request,
}) => {
  const task = await made.task({ name: uniqueCode('Refused delete') })
  await page.goto(`/tasks/${task.id}`)
  await page.route(`**/api/sandbox/tasks/${task.id}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: '{"success":false,"message":"Access denied."}',
        })
      : route.continue(),
  )
  await page.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete task' }).click()
  await expect(page.getByTestId('platform-refusal')).toContainText(
    'You do not have permission to make this change.',
    { timeout: 15_000 },
  )
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`))
  expect(await getTask(request, task.id)).toBeDefined()
})

test('at 360 px the task screen offers Delete within the screen, and the saved notice fits', async ({
  signedIn: page,
  made,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const task = await made.task({ name: `Narrow screen ${Date.now() % 100000}` })
  await page.goto(`/tasks/${task.id}/edit`)
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${task.name} 2`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`), { timeout: 15_000 })
  await expect(page.getByTestId('notices')).toContainText(`${task.name} 2 saved.`)
  const remove = page.getByRole('button', { name: 'Delete' })
  await expect(remove).toBeInViewport()
  const box = await remove.boundingBox()
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})

test.describe('in Finnish', () => {
  test.use({ consoleLocale: 'fi' })

  test('a taken data-format code stays on the open form, in Finnish, until it is corrected', async ({
    signedIn: page,
    request,
  }) => {
    const taken = uniqueCode('TAKEN')
    expect((await platform(request, 'POST', FORMATS, { dataFormatCode: taken, name: 'First' })).status).toBe(
      201,
    )
    await page.goto('/data-formats/create')
    await page.getByLabel('Koodi').fill(taken)
    await page.getByLabel('Nimi').fill('Toinen')
    await page.getByRole('button', { name: 'Tallenna' }).click()

    // The platform's answer, on the field of the form that is still open.
    await expect(page.getByText('Toisella tietomuodolla on jo tämä koodi.')).toBeVisible({ timeout: 15_000 })
    await expect(page).toHaveURL(/\/data-formats\/create$/)
    await expect(page.getByLabel('Koodi')).toHaveAttribute('aria-invalid', 'true')
    const refusal = page.getByTestId('platform-refusal')
    await expect(refusal).toContainText('Alusta ei hyväksynyt muutosta')
    // The platform's own text only as a detail.
    await expect(page.getByTestId('platform-text')).toBeHidden()
    await refusal.getByText('Alustan viesti').click()
    await expect(page.getByTestId('platform-text')).toHaveText(
      '409: A data format with the same code already exists.',
    )
    expect(await formatsWithCode(page, taken)).toHaveLength(1)

    const free = uniqueCode('FREE')
    await page.getByLabel('Koodi').fill(free)
    await page.getByRole('button', { name: 'Tallenna' }).click()
    await expect(page).toHaveURL(/\/data-formats(\?|$)/, { timeout: 15_000 })
    await expect(page.getByTestId('notices')).toContainText('Toinen tallennettu.')
    // The refused change was sent again corrected, not queued twice.
    expect((await formatsWithCode(page, free)).map((f) => f.name)).toEqual(['Toinen'])
    expect(await outboxEntries(page)).toBe(0)
  })

  test('offline, the notice says the change is saved on this device; refused later, the sync centre leads back to the form with the input and the messages', async ({
    signedIn: page,
    context,
    request,
  }) => {
    const taken = uniqueCode('LATER')
    expect(
      (await platform(request, 'POST', FORMATS, { dataFormatCode: taken, name: 'Already' })).status,
    ).toBe(201)
    // The screens' code is loaded before the connection goes (no service worker keeps it here).
    await page.goto('/data-formats/create')
    await expect(page.getByLabel('Koodi')).toBeVisible()
    await page.goto('/data-formats')
    await page.getByRole('link', { name: 'Uusi tietomuoto' }).click()
    await expect(page.getByLabel('Koodi')).toBeVisible()
    // The outbox's own code (it loads once the first screen is shown) is in before the connection goes.
    await waitForOutboxDb(page)
    await context.setOffline(true)
    await page.getByLabel('Koodi').fill(taken)
    await page.getByLabel('Nimi').fill('Kirjoitettu offline')
    await page.getByLabel('Kuvaus').fill('Tämä teksti säilyy')
    await page.getByRole('button', { name: 'Tallenna' }).click()
    await expect(page.getByTestId('notices')).toContainText(
      'Kirjoitettu offline on tallennettu tälle laitteelle, ja se lähetetään, kun alustaan saadaan yhteys.',
    )
    await expect(page).toHaveURL(/\/data-formats(\?|$)/)

    await context.setOffline(false)
    await page.goto('/outbox')
    const entry = page.getByTestId('outbox-entry')
    await expect(entry).toContainText('409', { timeout: 20_000 })
    await entry.getByRole('link', { name: /^Avaa lomakkeessa/ }).click()
    await expect(page).toHaveURL(/\/data-formats\/local.+\/edit$/)
    // What was typed, and the platform's message on its field.
    await expect(page.getByLabel('Koodi')).toHaveValue(taken)
    await expect(page.getByLabel('Nimi')).toHaveValue('Kirjoitettu offline')
    await expect(page.getByLabel('Kuvaus')).toHaveValue('Tämä teksti säilyy')
    await expect(page.getByText('Toisella tietomuodolla on jo tämä koodi.')).toBeVisible()
    await expect(page.getByTestId('platform-refusal')).toContainText('Alusta ei hyväksynyt muutosta')

    const free = uniqueCode('FIXED')
    await page.getByLabel('Koodi').fill(free)
    await page.getByRole('button', { name: 'Tallenna' }).click()
    await expect(page).toHaveURL(/\/data-formats(\?|$)/, { timeout: 15_000 })
    await expect(page.getByTestId('notices')).toContainText('Kirjoitettu offline tallennettu.')
    expect((await formatsWithCode(page, free)).map((f) => f.name)).toEqual(['Kirjoitettu offline'])
    expect(await outboxEntries(page)).toBe(0)
  })

  test('a notification address only the platform refuses is said on its field, on its tab, of the open task form', async ({
    signedIn: page,
  }) => {
    const name = uniqueCode('Notify')
    await page.goto('/tasks/create')
    await page.getByRole('textbox', { name: 'Nimi', exact: true }).fill(name)
    await page.getByRole('tab', { name: 'Ilmoitukset' }).click()
    await page.getByRole('button', { name: 'Lisää ilmoitus' }).click()
    await page.getByLabel('URL-osoite', { exact: true }).fill('http://printer.local/hook')
    await page.getByRole('tab', { name: 'Yleiset' }).click()
    await page.getByRole('button', { name: 'Tallenna' }).click()
    // The refused field's tab opens, with the platform's answer on the field.
    await expect(page.getByRole('tab', { name: 'Ilmoitukset' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 15_000,
    })
    await expect(page.getByText('Alusta ei kutsu paikallisia tai yksityisiä osoitteita.')).toBeVisible()
    await expect(page.getByLabel('URL-osoite', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page).toHaveURL(/\/tasks\/create$/)
    await page.getByLabel('URL-osoite', { exact: true }).fill('https://example.com/hook')
    await page.getByRole('button', { name: 'Tallenna' }).click()
    await expect(page).toHaveURL(/\/tasks(\?|$)/, { timeout: 15_000 })
    await expect(page.getByTestId('notices')).toContainText(`${name} tallennettu.`)
  })

  test('interval and concurrency follow the platform rules, said in hours and at-once counts, in Finnish', async ({
    signedIn: page,
  }) => {
    await page.goto('/tasks/create')
    await page.getByRole('textbox', { name: 'Nimi', exact: true }).fill(uniqueCode('Rajat'))
    await page.getByLabel('Toistoväli').fill('9999h')
    await page.getByLabel('Samanaikaiset suoritukset').fill('5000')
    await page.getByRole('button', { name: 'Tallenna' }).click()
    await expect(page.getByText('Enintään 8784 h (366 päivää)')).toBeVisible()
    await expect(page.getByText('Enintään 1000 kerrallaan')).toBeVisible()
    await expect(page).toHaveURL(/\/tasks\/create$/)
    // The limit itself passes, as it does on the platform.
    await page.getByLabel('Toistoväli').fill('8784h')
    await page.getByLabel('Samanaikaiset suoritukset').fill('1000')
    await expect(page.getByText('Enintään 8784 h (366 päivää)')).toHaveCount(0)
    await expect(page.getByText('Enintään 1000 kerrallaan')).toHaveCount(0)
  })
})

test.describe('as the operator', () => {
  test.use({ token: OPERATOR_TOKEN })

  test('the operator may not delete a task: Delete is disabled with the reason, and the platform refuses it too', async ({
    signedIn: page,
    made,
    request,
  }) => {
    const task = await made.task({ name: uniqueCode('Kept') })
    await page.goto(`/tasks/${task.id}`)
    const remove = page.getByRole('button', { name: /^Delete/ })
    await expect(remove).toBeDisabled()
    await expect(remove).toHaveAttribute('title', 'You do not have permission to do this.')
    const refused = await platform(
      request,
      'DELETE',
      `/api/sandbox/tasks/${task.id}`,
      undefined,
      OPERATOR_TOKEN,
    )
    expect(refused.status).toBe(403)
    expect(await getTask(request, task.id)).toBeDefined()
  })
})
