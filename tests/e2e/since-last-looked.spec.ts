import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { platform, uniqueCode } from './support'

/** The failures the app badge counts (kept in Cache Storage), or undefined without a Badging API. */
const badgeFailures = (page: Page) =>
  page.evaluate(async () => {
    if (typeof (navigator as { setAppBadge?: unknown }).setAppBadge !== 'function') return undefined
    const stored = await (await caches.open('orchestrator-badge')).match('/__badge/failures')
    return stored ? Number(await stored.text()) : 0
  })

/** A figure of the home screen's "since you last looked", as a number. */
const figure = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/\D/g, '') || Number.NaN)

test('since you last looked: a failed run counts live, its list gives the reason, Run again offline runs once', async ({
  signedIn: page,
  context,
  request,
}) => {
  const tag = uniqueCode('SINCE')
  const made = await platform<{ id: string }>(request, 'POST', '/api/sandbox/tasks', {
    name: `${tag} nightly`,
    actions: [{ actionId: 'no-such-action', name: 'Broken step' }],
  })
  expect(made.status).toBe(201)
  const id = made.json.result?.id as string
  const runs = async () =>
    (await platform<unknown[]>(request, 'GET', `/api/sandbox/tasks/${id}/runs`)).json.pagination
      ?.totalCount ?? 0

  // Looked at the list once: what happened before does not count.
  await page.goto('/since')
  await expect(page.getByRole('heading', { level: 2, name: /Failed and late runs/ })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
  // The live stream open first: a change committed before it would be the stream's to replay.
  const streamOpen = page.waitForResponse((r) => /\/api\/sandbox\/live$/.test(r.url()) && r.status() === 200)
  await page.goto('/')
  await streamOpen
  const link = page.getByRole('link', { name: /^Since you last looked: .* Open the list$/ })
  await expect(link).toBeVisible()
  await expect(page.getByTestId('since-failed')).toHaveText(/^\d+$/)
  const before = await figure(page, 'since-failed')
  // Nothing reloads the page from here on.
  await page.evaluate(() => {
    ;(window as { stayed?: boolean }).stayed = true
  })

  // A run made to fail through the API, as another client would: the count moves with no reload.
  const failed = await platform(request, 'POST', `/api/sandbox/tasks/${id}/run`)
  expect(failed.status).toBe(200)
  await expect.poll(() => figure(page, 'since-failed'), { timeout: 10_000 }).toBeGreaterThan(before)
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true)
  // Where the browser has a badge, it counts the same.
  const unseen = (await figure(page, 'since-failed')) + (await figure(page, 'since-late'))
  const hasBadge = (await badgeFailures(page)) !== undefined
  if (hasBadge) await expect.poll(() => badgeFailures(page)).toBe(unseen)

  // One tap: the list, with the run and its reason.
  await link.click()
  await expect(page).toHaveURL(/\/since$/)
  const items = page.getByTestId('since-item').filter({ hasText: tag })
  await expect(items).toHaveCount(1)
  // Newer runs go on top: the last of the task's items stays this one.
  const item = items.last()
  await expect(item.getByTestId('since-reason')).toContainText('no-such-action')
  await expect(item.getByText('Failed', { exact: true })).toBeVisible()
  if (hasBadge) await expect.poll(() => badgeFailures(page)).toBe(0)
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])

  // Run again from the list while offline: it waits in the outbox, and is sent once when back online.
  const runsBefore = await runs()
  await context.setOffline(true)
  await expect(page.getByTestId('offline-status')).toBeVisible()
  const again = item.getByRole('button', { name: /^Run again/ })
  await again.click()
  await expect(item.getByTestId('since-run-waiting')).toBeVisible()
  // A second tap is not offered while it waits.
  await expect(item.getByRole('button', { name: /^Run again/ })).toHaveCount(0)
  await page.waitForTimeout(1000)
  expect(await runs()).toBe(runsBefore)
  const sent: string[] = []
  // Sent by the page or by the service worker (Background Sync): either way, once.
  context.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/sandbox/tasks/${id}/run`)) sent.push(r.url())
  })
  await context.setOffline(false)
  await expect.poll(runs, { timeout: 15_000 }).toBe(runsBefore + 1)
  await expect(item.getByTestId('since-run-sent')).toBeVisible()
  // Given time to go again, it does not.
  await page.waitForTimeout(3000)
  expect(await runs()).toBe(runsBefore + 1)
  expect(sent).toHaveLength(1)
  // The run failed again: it arrives on the open list by itself, and is looked at there.
  await expect(items).toHaveCount(2, { timeout: 10_000 })
  await expect(items.first().getByTestId('since-reason')).toContainText('no-such-action')
  // Looked at: back home, the count starts again from 0, with no reload.
  await page.goBack()
  await expect(page.getByTestId('since-failed')).toHaveText('0')
  await expect(page.getByTestId('since-total')).toHaveText('Nothing new')
  if (hasBadge) await expect.poll(() => badgeFailures(page)).toBe(0)
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true)
  // Opened again, the list starts after what was looked at.
  await link.click()
  await expect(page.getByRole('heading', { level: 2, name: /Failed and late runs/ })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
  await expect(items).toHaveCount(0)
})

test("a sign-out clears the app's badge: the next person on the device sees no one's count", async ({
  signedIn: page,
}) => {
  await page.goto('/')
  // Chromium has the Badging API: without it the console keeps no count, and this would fail.
  const badge = () =>
    page.evaluate(async () => {
      const cache = await caches.open('orchestrator-badge')
      const count = async (key: string) => Number(await (await cache.match(key))?.text())
      return { waiting: await count('/__badge/waiting'), failures: await count('/__badge/failures') }
    })
  // The user's count, as the worker keeps it after pushed failures.
  await page.evaluate(async () => {
    const cache = await caches.open('orchestrator-badge')
    await cache.put('/__badge/waiting', new Response('2'))
    await cache.put('/__badge/failures', new Response('3'))
  })
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect.poll(badge).toEqual({ waiting: 0, failures: 0 })
})
