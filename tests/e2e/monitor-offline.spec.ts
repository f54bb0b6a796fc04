import { expect, test } from '@playwright/test'
import { signInWithToken, useEnglish, waitForCached, waitForServiceWorker } from './support'

test('events, monitoring, profile and home show their cached data offline, with the fetched time', async ({
  page,
  context,
}) => {
  await useEnglish(page)
  await signInWithToken(page)
  await waitForServiceWorker(page)
  await page.goto('/events')
  await expect(page.getByTestId('event-row').first()).toBeVisible()
  // Each page.goto reloads the app: what a screen fetched must be stored before leaving it. (Event
  // types alone are no sign: the home screen's last errors, cached at sign-in, carry them too.)
  await waitForCached(page, '"events","list"')
  await page.goto('/monitoring')
  await expect(page.getByTestId('requests-chart').locator('canvas')).toBeVisible()
  await waitForCached(page, '"monitoring","stats"')
  await page.goto('/me')
  await expect(page.getByText('admin@example.com')).toBeVisible()
  await waitForCached(page, 'admin@example.com')
  await page.goto('/')
  await expect(page.getByTestId('tasks-running')).toHaveText(/\d/)
  await waitForCached(page, '"task-count"')

  await context.setOffline(true)
  for (const [path, visible] of [
    ['/events', page.getByTestId('event-row').first()],
    ['/monitoring', page.getByTestId('requests-chart').locator('canvas')],
    ['/me', page.getByText('admin@example.com')],
    ['/', page.getByTestId('tasks-running')],
  ] as const) {
    await page.goto(path)
    await expect(visible).toBeVisible()
    await expect(page.getByText(/Fetched (today|yesterday|on .+) at/).first()).toBeVisible()
  }
  await expect(page.getByTestId('tasks-running')).toHaveText(/\d/)
  await page.goto('/me')
  await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled()
})
