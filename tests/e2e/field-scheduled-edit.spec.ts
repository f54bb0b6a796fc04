import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { outboxCount, platform, uniqueCode, waitForCached, waitForServiceWorker } from './support'
import { createTask, getTask, type TaskRow } from './tasks-support'

// What the platform does by itself (runs, last run, the status the scheduler sets)
// is not a change of what the user edits. An edit queued offline while the scheduler runs the task is
// sent as it is; a real conflict lists only the fields that differ in value.

const ACTIONS = [
  { actionId: 'http-get', name: 'Fetch', input: { url: 'https://example.com/data' }, enabled: true },
  { actionId: 'transform', name: 'Shape', input: { transformerId: 'T-1' }, enabled: true },
]
const NOTIFICATIONS = [
  { internal: true, sendOnError: true, sendOnSuccess: false, detailLevel: 'simple' },
  {
    url: 'https://example.com/hook',
    internal: false,
    sendOnError: false,
    sendOnSuccess: false,
    detailLevel: 'full',
  },
]

const runsOf = async (request: Parameters<typeof platform>[0], id: string) =>
  (await platform<{ trigger?: string }[]>(request, 'GET', `/api/sandbox/tasks/${id}/runs?limit=100`)).json
    .result ?? []

async function editOffline(page: Page, task: TaskRow, name: string) {
  await page.goto(`/tasks/${task.id}/edit`)
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(task.name, {
    timeout: 20_000,
  })
  await waitForCached(page, task.name)
  await page.context().setOffline(true)
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('link', { name: '1 change waits' })).toBeVisible()
}

test.describe('an offline edit of a scheduled task', () => {
  test('is sent, not held as a conflict, after the scheduler ran the task meanwhile', async ({
    signedIn: page,
    request,
  }) => {
    test.setTimeout(150_000)
    // Runs on every scheduler tick (the interval is shorter than the tick).
    const task = await createTask(request, {
      name: uniqueCode('Every tick'),
      interval: 1000,
      status: 'running',
      actions: ACTIONS,
      notifications: NOTIFICATIONS,
    })
    await waitForServiceWorker(page)
    let conflicts = 0
    for (const round of [1, 2, 3]) {
      const before = await getTask(request, task.id)
      if (!before) throw new Error('task gone')
      const runs = (await runsOf(request, task.id)).length
      await editOffline(page, before, `${task.name} edit ${round}`)
      // The scheduler runs it while the edit waits (its run state and updatedAt change).
      await expect
        .poll(async () => (await runsOf(request, task.id)).length, { timeout: 45_000 })
        .toBeGreaterThan(runs)
      const ran = await getTask(request, task.id)
      expect(ran?.updatedAt).not.toBe(before.updatedAt)
      await page.context().setOffline(false)
      await expect(page.getByRole('link', { name: /changes? wait/ })).toHaveCount(0, { timeout: 30_000 })
      conflicts += await outboxCount(page)
      const after = await getTask(request, task.id)
      expect(after?.name).toBe(`${task.name} edit ${round}`)
      expect(after?.status).toBe('running')
      expect(after?.lastRun?.outcome).toBe('success')
    }
    expect(conflicts, 'edits held as conflicts').toBe(0)
    const scheduled = (await runsOf(request, task.id)).filter((r) => r.trigger === 'schedule')
    expect(scheduled.length).toBeGreaterThanOrEqual(3)
    await platform(request, 'POST', `/api/sandbox/tasks/${task.id}/stop`)
  })

  test('a real conflict lists the fields that differ in value, not actions whose keys are reordered', async ({
    signedIn: page,
    request,
  }) => {
    const task = await createTask(request, {
      name: uniqueCode('Contested'),
      actions: ACTIONS,
      notifications: NOTIFICATIONS,
    })
    await waitForServiceWorker(page)
    await editOffline(page, task, `${task.name} mine`)
    // Someone else renames it, sending the same actions and notifications with their keys in another order.
    const reversed = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse())
    const theirs = await platform(request, 'PUT', `/api/sandbox/tasks/${task.id}`, {
      name: `${task.name} theirs`,
      actions: ACTIONS.map(reversed),
      notifications: NOTIFICATIONS.map(reversed),
    })
    expect(theirs.status).toBe(200)
    await page.context().setOffline(false)
    await page.getByRole('link', { name: '1 change waits' }).click()
    await expect(page.getByText('Conflict')).toBeVisible({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Resolve' }).click()
    const dialog = page.getByRole('dialog')
    const rows = dialog.getByRole('rowheader')
    await expect(rows).toHaveText(['name'])
    await dialog.getByRole('button', { name: 'Keep mine' }).click()
    await expect(page.getByText('Nothing waits to be sent.', { exact: false })).toBeVisible({
      timeout: 20_000,
    })
    const after = await getTask(request, task.id)
    expect(after?.name).toBe(`${task.name} mine`)
    expect(after?.actions.map((a) => a.name)).toEqual(['Fetch', 'Shape'])
  })
})
