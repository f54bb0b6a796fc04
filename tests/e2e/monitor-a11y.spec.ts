import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

async function axe(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

for (const width of [1280, 390]) {
  test(`axe finds nothing on home, events with its drawer, monitoring and profile at ${width} px`, async ({
    signedIn: page,
  }) => {
    // Four screens and a drawer, axe on each: more than the default minute on a busy machine.
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 900 })
    await expect(page.getByTestId('last-error').first()).toBeVisible()
    await axe(page, 'home')
    await page.goto('/events')
    await expect(page.getByTestId('event-row').first()).toBeVisible()
    await axe(page, 'events')
    await page.getByTestId('event-row').first().getByRole('button').click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await axe(page, 'event drawer')
    await page.goto('/monitoring')
    await expect(page.getByTestId('companies-chart').locator('canvas')).toBeVisible()
    await axe(page, 'monitoring')
    await page.getByTestId('requests-chart').getByRole('button', { name: 'Show as table' }).click()
    await axe(page, 'monitoring table')
    await page.goto('/me')
    await expect(page.getByTestId('token-row').first()).toBeVisible()
    await axe(page, 'profile')
  })
}
