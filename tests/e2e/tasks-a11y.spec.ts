import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures'
import { uniqueCode } from './support'
import { createTask } from './tasks-support'

for (const width of [1280, 390]) {
  test(`axe finds no violation on the task screens at ${width} px`, async ({ signedIn: page, request }) => {
    // Six axe passes on a shared, busy machine take longer than the default minute.
    test.setTimeout(150_000)
    const task = await createTask(request, {
      name: uniqueCode('Axe'),
      notifications: [{ internal: true, sendOnError: true, detailLevel: 'simple' }],
    })
    await page.setViewportSize({ width, height: 800 })
    const check = async (label: string) => {
      const results = await new AxeBuilder({ page }).analyze()
      expect(results.violations, label).toEqual([])
      await page.screenshot({ path: `tests/.artifacts/tasks-${label}-${width}.png`, fullPage: true })
    }
    await page.goto('/tasks')
    await expect(page.getByTestId('task-row').first()).toBeVisible()
    await check('list')
    await page.goto(`/tasks/${task.id}`)
    await expect(page.getByText('No runs yet')).toBeVisible()
    await page.getByRole('button', { name: 'Run now' }).click()
    await expect(page.getByTestId('task-run')).toHaveCount(1)
    await check('detail')
    await page.goto(`/tasks/${task.id}/edit`)
    await expect(page.getByTestId('cron-preview')).toContainText('At 02:00')
    await check('edit-general')
    for (const tab of ['Actions', 'Notifications', 'History']) {
      await page.getByRole('tab', { name: tab }).click()
      await check(`edit-${tab.toLowerCase()}`)
    }
  })
}
