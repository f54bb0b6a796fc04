import { expect, signInAs, test } from './fixtures'
import { platform, useEnglish } from './support'

const RANGES = ['Last 24h', 'Last 48h', 'Last week', 'Last 2 weeks', 'Last month', 'Last 2 months']

test.describe('monitoring', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page)
  })

  test('uPlot is not part of the first load: it comes only with the monitoring charts', async ({ page }) => {
    const chunks: string[] = []
    page.on('request', (r) => chunks.push(r.url()))
    await signInAs(page)
    await expect(page.getByRole('heading', { name: 'Last errors' })).toBeVisible()
    expect(chunks.filter((u) => u.includes('uplot'))).toEqual([])
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Monitoring' })
      .click()
    await expect(page.getByTestId('requests-chart').locator('canvas')).toBeVisible()
    expect(chunks.some((u) => u.includes('uplot'))).toBe(true)
  })

  test('each range draws both charts with a legend and a table alternative', async ({
    signedIn: page,
    request,
  }) => {
    await page.goto('/monitoring')
    await expect(page.getByRole('radio', { name: 'Last week' })).toBeChecked()
    const lastErrors = await platform<{ type: string }[]>(request, 'GET', '/api/sandbox/getlasterrors')
    await expect(page.getByTestId('last-error')).toHaveCount(lastErrors.json.result?.length ?? -1)
    for (const range of RANGES) {
      await page.getByText(range, { exact: true }).click()
      await expect(page.getByRole('radio', { name: range })).toBeChecked()
      for (const id of ['requests-chart', 'companies-chart']) {
        const card = page.getByTestId(id)
        await expect(card.locator('canvas')).toBeVisible()
        await expect(card.locator('.u-legend')).toContainText('Requests')
        await expect(card.locator('.u-legend')).toContainText('Errors')
        // The table is there for screen readers even while the chart is shown.
        await expect(card.getByRole('table')).toBeAttached()
      }
      const hourly = /\d+h$/.test(range)
      const buckets = page.getByTestId('requests-chart').getByRole('table').locator('tbody tr')
      await expect(buckets).toHaveCount(
        hourly
          ? Number.parseInt(range.slice(5), 10)
          : ((
              { 'Last week': 7, 'Last 2 weeks': 14, 'Last month': 30, 'Last 2 months': 60 } as Record<
                string,
                number
              >
            )[range] ?? 0),
      )
      await expect(page.getByTestId('companies-chart').getByRole('table').locator('tbody tr')).toHaveCount(5)
    }
    // Hovering shows the values in the legend.
    const canvas = page.getByTestId('requests-chart').locator('.u-over')
    const box = await canvas.boundingBox()
    if (!box) throw new Error('no chart')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await expect(page.getByTestId('requests-chart').locator('.u-legend .u-value').nth(1)).toHaveText(/^\d+$/)

    const table = page.getByTestId('companies-chart')
    await table.getByRole('button', { name: 'Show as table' }).click()
    await expect(table.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'true')
    await expect(table.locator('canvas')).toHaveCount(0)
    const byOrg = await platform<{ organizationName: string; count: number }[]>(
      request,
      'GET',
      '/api/sandbox/stats/organizations?days=60',
    )
    const first = byOrg.json.result?.[0]
    await expect(table.getByRole('row', { name: new RegExp(first?.organizationName ?? '-') })).toBeVisible()
    await table.getByRole('button', { name: 'Show more companies' }).click()
    await expect(table.getByRole('table').locator('tbody tr')).not.toHaveCount(5)
  })
})
