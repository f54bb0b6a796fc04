import { expect, signInAs, test } from './fixtures'
import { waitForCached, waitForServiceWorker } from './support'

test('events, monitoring, profile and home show their cached data offline, with the fetched time', async ({
  signedIn: page,
  context,
}) => {
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
  // Home asks for four counts and the last errors: each of them stored, not just the first to come.
  for (const status of ['running', 'error', 'warning', 'stopped'])
    await waitForCached(page, `"task-count","${status}"`)
  await waitForCached(page, '"last-errors"')

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

test('a home count never fetched says offline with nothing saved, not loading for good', async ({
  page,
  context,
}) => {
  // The stopped count never answers before the line goes: it was never saved on this device.
  const stoppedCount = /\/tasks\?.*status=in%3Astopped/
  await page.route(stoppedCount, (route) => route.abort('internetdisconnected'))
  await signInAs(page)
  await waitForServiceWorker(page)
  await expect(page.getByTestId('tasks-running')).toHaveText(/\d/)
  await waitForCached(page, '"task-count","running"')
  await context.setOffline(true)
  await page.goto('/')
  await expect(page.getByTestId('tasks-running')).toHaveText(/\d/)
  const stopped = page.getByTestId('tasks-stopped')
  await expect(stopped).toContainText('No connection and nothing saved on this device yet.')
  await expect(stopped.getByRole('status')).toHaveCount(0)
})
