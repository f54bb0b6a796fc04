import { expect, test } from './fixtures'
import { platform, useEnglish } from './support'

test.describe('home', () => {
  test('logged-out visitors go to /login', async ({ page }) => {
    await useEnglish(page)
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('task counts, last errors and waiting changes match the platform', async ({
    signedIn: page,
    request,
  }) => {
    for (const status of ['running', 'error', 'warning', 'stopped']) {
      const { json } = await platform(request, 'GET', `/api/sandbox/tasks?status=in:${status}&limit=1`)
      await expect(page.getByTestId(`tasks-${status}`)).toHaveText(String(json.pagination?.totalCount))
    }
    const errors = await platform<{ id: string; type: string }[]>(
      request,
      'GET',
      '/api/sandbox/getlasterrors',
    )
    await expect(page.getByTestId('last-error')).toHaveCount(errors.json.result?.length ?? -1)
    await expect(page.getByTestId('since-waiting')).toHaveText('0')
    const first = errors.json.result?.[0]
    await page.getByTestId('last-error').first().getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/events\\?.*event=${first?.id}`))
    await expect(page.getByRole('dialog').getByRole('heading', { name: first?.type })).toBeVisible()
    await page.goBack()
    // The waiting changes are counted in "Since you last looked", whose list leads to the sync centre.
    await page.getByTestId('since-link').click()
    await page.getByRole('link', { name: 'Open the sync centre' }).click()
    await expect(page).toHaveURL(/\/outbox$/)
    await page.goto('/')
    await page.getByRole('link', { name: /^Error \d/ }).click()
    await expect(page).toHaveURL(/\/tasks\?.*status=error/)
  })
})
