import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { uniqueCode } from './support'
import { createTask } from './tasks-support'

async function sideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

test.describe('the one list table', () => {
  test('the tasks list sorts by its Name header through the address, descending first', async ({
    signedIn: page,
  }) => {
    await page.goto('/tasks')
    await expect(page.getByTestId('task-row').first()).toBeVisible()
    const name = page.getByRole('columnheader', { name: 'Name' })
    await expect(name).not.toHaveAttribute('aria-sort')
    await name.getByRole('button').click()
    await expect(page).toHaveURL(/sort=name%3Adesc|sort=name:desc/)
    await expect(name).toHaveAttribute('aria-sort', 'descending')
    await name.getByRole('button').click()
    await expect(page).toHaveURL(/sort=name%3Aasc|sort=name:asc/)
    await expect(name).toHaveAttribute('aria-sort', 'ascending')
    // A bad sort in the address is dropped, not an error page.
    await page.goto('/tasks?sort=secret:asc')
    await expect(page.getByTestId('task-row').first()).toBeVisible()
    await expect(page.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort')
  })

  test('a task’s run history keeps its page size in the address across a reload', async ({
    signedIn: page,
    request,
  }) => {
    const task = await createTask(request, { name: `Paged ${uniqueCode('RUN')}` })
    await page.goto(`/tasks/${task.id}`)
    const history = page.getByRole('region', { name: 'Run history' })
    await history.getByLabel('Rows per page').selectOption('5')
    await expect(page).toHaveURL(/runsLimit=5/)
    await page.reload()
    await expect(page.getByRole('region', { name: 'Run history' }).getByLabel('Rows per page')).toHaveValue(
      '5',
    )
  })

  for (const width of [360, 390]) {
    test(`list screens keep their priority columns and scroll nothing sideways at ${width} px`, async ({
      signedIn: page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 800 })
      for (const [path, rowId, visible] of [
        ['/products', 'catalog-row', ['Name', 'Status']],
        ['/tasks', 'task-row', ['Name', 'Status']],
        ['/data-formats', 'data-format-row', ['Code', 'Name']],
      ] as const) {
        await page.goto(path)
        await expect(page.getByTestId(rowId).first()).toBeVisible()
        for (const header of visible)
          await expect(page.getByRole('columnheader', { name: header })).toBeVisible()
        expect(await sideways(page), path).toBeLessThanOrEqual(0)
        await page.screenshot({ path: testInfo.outputPath(`${path.slice(1)}-${width}.png`), fullPage: true })
      }
      await page.goto('/me')
      await expect(page.getByTestId('token-row').first()).toBeVisible()
      // Stacked: the expiry is named on its own line.
      await expect(page.getByTestId('token-expires').first()).toContainText('Expires:')
      expect(await sideways(page)).toBeLessThanOrEqual(0)
    })
  }
})
