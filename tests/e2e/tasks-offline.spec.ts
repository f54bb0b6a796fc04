import { expect, test } from './fixtures'
import { uniqueCode, waitForCached, waitForServiceWorker } from './support'
import { createTask, getTask } from './tasks-support'

test.describe('tasks offline', () => {
  test('an edit made offline is queued, shown as waiting, and replayed once back online', async ({
    signedIn: page,
    context,
    request,
  }) => {
    const task = await createTask(request, { name: uniqueCode('Offline') })
    await page.goto(`/tasks?q=${task.name}`)
    await expect(page.getByTestId('task-row')).toHaveCount(1)
    await page.getByRole('link', { name: task.name, exact: true }).click()
    await expect(page.getByRole('heading', { name: task.name })).toBeVisible()
    await waitForServiceWorker(page)
    await waitForCached(page, task.name)
    await page.getByRole('link', { name: 'Edit' }).click()
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(task.name)

    await context.setOffline(true)
    await expect(page.getByText('Offline', { exact: true })).toBeVisible()
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${task.name} offline`)
    await page.getByLabel('Description').fill('Changed without a connection')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('heading', { name: `${task.name} offline` })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Waiting to sync')
    await expect(page.getByRole('link', { name: '1 change waits' })).toBeVisible()
    // Run now cannot wait in the queue: offline it is disabled and says why.
    await expect(page.getByRole('button', { name: 'Run now' })).toBeDisabled()
    await expect(page.getByText('Needs a connection: this cannot wait in the queue.').first()).toBeVisible()
    expect((await getTask(request, task.id))?.name).toBe(task.name)

    await page.reload()
    await expect(page.getByRole('heading', { name: `${task.name} offline` })).toBeVisible()
    await expect(page.getByText(/Fetched (today|yesterday|on .+) at/).first()).toBeVisible()
    // The cached list shows the queued edit with its mark.
    await page.goto(`/tasks?q=${task.name}`)
    await expect(page.getByTestId('task-row').filter({ hasText: `${task.name} offline` })).toContainText(
      'Waiting to sync',
    )

    await context.setOffline(false)
    await expect(page.getByRole('link', { name: /changes? wait/ })).toHaveCount(0, { timeout: 20_000 })
    const saved = await getTask(request, task.id)
    expect(saved?.name).toBe(`${task.name} offline`)
    expect(saved?.jobs).toHaveLength(1)
  })

  test('a task never opened on this device says offline with nothing saved, with Retry, never Loading… for good', async ({
    signedIn: page,
    context,
    request,
  }) => {
    await page.goto('/')
    await waitForServiceWorker(page)
    const task = await createTask(request, { name: uniqueCode('Unseen') })
    await context.setOffline(true)
    for (const path of [`/tasks/${task.id}`, `/tasks/${task.id}/edit`]) {
      await page.goto(path)
      await expect(page.getByText('No connection and nothing saved on this device yet.'), path).toBeVisible({
        timeout: 20_000,
      })
      await expect(page.getByRole('button', { name: 'Retry' }).first(), path).toBeVisible()
      await expect(page.getByText('Loading…', { exact: true }), path).toHaveCount(0)
    }
    // Back online, it is fetched (the waiting read resumes, or Retry asks again).
    await context.setOffline(false)
    await page
      .getByRole('button', { name: 'Retry' })
      .first()
      .click({ timeout: 2000 })
      .catch(() => {})
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(task.name)
  })

  test('a half-written task survives a reload as a draft', async ({ signedIn: page }) => {
    await page.goto('/tasks/create')
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Half written task')
    await page.getByLabel('Interval').fill('2h')
    await page.waitForTimeout(800)
    await page.reload()
    await expect(page.getByText('You have an unsaved draft')).toBeVisible()
    await page.getByRole('button', { name: 'Restore draft' }).click()
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Half written task')
    await expect(page.getByLabel('Interval')).toHaveValue('2h')
  })

  test('the page and page size of the task list are restored from local storage', async ({
    signedIn: page,
  }) => {
    await page.goto('/tasks')
    await page.getByLabel('Rows per page').selectOption('5')
    // The list shown five a page before Next: a Next of the ten-row page still on screen would keep ten.
    await expect(page.getByTestId('task-row')).toHaveCount(5)
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByText('Page 2 of')).toBeVisible()
    // The list stores a page once it has shown it (only pages that exist): after the address changes.
    await expect
      .poll(() =>
        page.evaluate(() => [localStorage.getItem('tasks.currentPage'), localStorage.getItem('tasks.limit')]),
      )
      .toEqual(['2', '5'])
    await page.goto('/tasks')
    await expect(page.getByText('Page 2 of')).toBeVisible()
    await expect(page.getByTestId('task-row')).toHaveCount(5)
  })
})
