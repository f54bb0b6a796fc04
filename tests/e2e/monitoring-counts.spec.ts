import { expect, test } from './fixtures'
import { platform } from './support'

const total = async (request: Parameters<typeof platform>[0]) =>
  (
    (await platform<{ count: number }[]>(request, 'GET', '/api/sandbox/stats?hours=24')).json.result ?? []
  ).reduce((n, b) => n + b.count, 0)

test.describe('monitoring counts what it says', () => {
  test('whole periods: Last 24h shows 24 hours and Last week 7 days, the current one last', async ({
    signedIn: page,
  }) => {
    await page.goto('/monitoring?range=24h')
    const buckets = page.getByTestId('requests-chart').getByRole('table').locator('tbody tr')
    await expect(buckets).toHaveCount(24)
    // The last row is the current hour.
    const hour = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(
      new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000),
    )
    await expect(buckets.last().getByRole('rowheader')).toContainText(hour)
    await page.getByText('Last week', { exact: true }).click()
    await expect(buckets).toHaveCount(7)
    const today = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(
      new Date(),
    )
    await expect(buckets.last().getByRole('rowheader')).toHaveText(today)
  })

  test("the chart's errors and Last errors each say what they count", async ({ signedIn: page }) => {
    await page.goto('/monitoring')
    await expect(page.getByTestId('requests-chart').locator('.u-legend')).toContainText(
      'Errors (5xx answers)',
    )
    await expect(page.getByTestId('requests-chart')).toContainText("The console's own calls are not counted.")
    await expect(page.getByTestId('last-errors')).toContainText(
      'Events the platform recorded as errors, newest first.',
    )
  })

  test("the console's own calls are not counted as platform requests", async ({
    signedIn: page,
    request,
  }) => {
    const before = await total(request)
    let consoleCalls = 0
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) consoleCalls++
    })
    for (const path of [
      '/tasks',
      '/data-formats',
      '/events',
      '/products',
      '/monitoring',
      '/tasks',
      '/events',
    ]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    }
    expect(consoleCalls).toBeGreaterThan(10)
    // The test's own read is counted (it is not the console); the console's dozens of calls are not.
    const after = await total(request)
    expect(after - before).toBeLessThan(consoleCalls / 2)
    expect(after - before).toBeGreaterThanOrEqual(1)
  })
})
