import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { brokenWords, platform } from './support'

interface Event {
  id: string
  type: string
  status: string
  targetType: string
  targetEntityId: string
  taskId?: string
  contractId?: string
  productId?: string
}

const rows = (page: Page) => page.getByTestId('event-row')
const drawer = (page: Page) => page.getByRole('dialog')
/** The total in "Showing n of total". */
async function shownTotal(page: Page) {
  const text = (await page.getByTestId('events-count').textContent()) ?? ''
  return Number(text.replace(/^.* of /, '').replace(/,/g, ''))
}
const shownTotalOf = async (answer: { json: { pagination?: { totalCount: number } } }) =>
  answer.json.pagination?.totalCount ?? 0

test.describe('events', () => {
  test('filters, pages by "load more", and the menu resets the error filter', async ({
    signedIn: page,
    request,
  }) => {
    // Events the other specs write meanwhile would come in live, above the rows counted here.
    await page.route(/\/api\/sandbox\/live$/, (route) => route.abort())
    const all = await platform<Event[]>(request, 'GET', '/api/sandbox/events?limit=1')
    await page.goto('/events')
    await expect(rows(page)).toHaveCount(5)
    await expect(page.getByTestId('events-count')).toHaveText(/^Showing 5 of [\d,]+$/)
    // The scheduler keeps writing events: the count may only have grown since it was asked.
    expect(await shownTotal(page)).toBeGreaterThanOrEqual(all.json.pagination?.totalCount ?? 0)
    await page.getByRole('button', { name: 'Load more' }).click()
    await expect(rows(page)).toHaveCount(10)
    await expect(page).toHaveURL(/limit=10/)

    const errors = await platform<Event[]>(
      request,
      'GET',
      '/api/sandbox/events?error=true&targetType=task&limit=1',
    )
    // The box shows the address's filter: it is checked once the navigation it starts has run.
    await page.getByLabel('Errors only').click()
    await expect(page.getByLabel('Errors only')).toBeChecked()
    await page.getByLabel('Target type').selectOption('task')
    await expect(page).toHaveURL(/error=true/)
    await expect.poll(() => shownTotal(page)).toBeLessThan(await shownTotalOf(all))
    expect(await shownTotal(page)).toBeGreaterThanOrEqual(errors.json.pagination?.totalCount ?? 0)
    for (const row of await rows(page).all()) {
      await expect(row).toContainText('error')
      await expect(row).toContainText('task ·')
    }
    // The filters live in the URL: a reload shows the same view.
    await page.reload()
    await expect(page.getByLabel('Errors only')).toBeChecked()
    await expect(page.getByLabel('Target type')).toHaveValue('task')

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Events' }).click()
    await expect(page.getByLabel('Errors only')).not.toBeChecked()
    await expect.poll(() => shownTotal(page)).toBeGreaterThanOrEqual(all.json.pagination?.totalCount ?? 0)
  })

  test('the drawer shows every field and each link leads to its screen', async ({
    signedIn: page,
    request,
  }) => {
    const task = (await platform<Event[]>(request, 'GET', '/api/sandbox/events?targetType=task&limit=1')).json
      .result?.[0] as Event
    await page.goto(`/events?targetType=task`)
    await rows(page).first().click()
    await expect(drawer(page)).toBeVisible()
    await expect(drawer(page).getByRole('heading', { name: task.type })).toBeVisible()
    for (const label of [
      'Id',
      'Time',
      'Status',
      'Message',
      'Target type',
      'Sender',
      'Receiver',
      'Client IP',
      'Tracing id',
    ])
      await expect(drawer(page).getByText(label, { exact: true })).toBeVisible()
    await expect(drawer(page).getByText(task.id, { exact: true })).toBeVisible()
    // A task event's target is its task: one link leads there, not two to the same screen.
    expect(task.targetEntityId).toBe(task.taskId)
    await expect(drawer(page).getByRole('navigation', { name: 'Go to' }).getByRole('link')).toHaveCount(1)
    await expect(drawer(page).getByRole('link', { name: 'Go to entity' })).toHaveCount(0)
    await drawer(page).getByRole('link', { name: 'Go to task' }).click()
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.taskId}$`))

    const format = (
      await platform<Event[]>(request, 'GET', '/api/sandbox/events?targetType=data-format&limit=1')
    ).json.result?.[0] as Event
    await page.goto(`/events?targetType=data-format&event=${format.id}`)
    await drawer(page).getByRole('link', { name: 'Go to entity' }).click()
    await expect(page).toHaveURL(new RegExp(`/data-formats/${format.targetEntityId}/edit$`))

    const contract = (
      await platform<Event[]>(request, 'GET', '/api/sandbox/events?targetType=contract&limit=1')
    ).json.result?.[0] as Event
    expect(contract.contractId).toBeTruthy()
    await page.goto(`/events?targetType=contract&event=${contract.id}`)
    await expect(drawer(page).getByText(contract.contractId ?? '', { exact: true })).toHaveCount(2)
    await drawer(page).getByRole('link', { name: 'Go to contract' }).click()
    await expect(page).toHaveURL(new RegExp(`/products/${contract.productId}$`))

    const product = (
      await platform<Event[]>(request, 'GET', '/api/sandbox/events?targetType=product&limit=1')
    ).json.result?.[0] as Event
    await page.goto(`/events?targetType=product`)
    await page.getByTestId('event-row').first().click()
    await drawer(page).getByRole('link', { name: 'Go to entity' }).click()
    await expect(page).toHaveURL(new RegExp(`/products/${product.targetEntityId}$`))
  })

  test('the drawer at 360 px wraps a message between its words, and breaks only what has no room', async ({
    signedIn: page,
    request,
  }) => {
    const failed = (await platform<Event[]>(request, 'GET', '/api/sandbox/events?status=error&limit=1')).json
      .result?.[0] as Event & { message: string }
    expect(failed.message.split(' ').length).toBeGreaterThan(2)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto(`/events?event=${failed.id}`)
    await expect(drawer(page).getByText(failed.message, { exact: true })).toBeVisible()
    // The id (36 characters) has no room on a line and may break; the message's words may not.
    await expect(drawer(page).getByText(failed.id, { exact: true }).first()).toBeVisible()
    expect(await brokenWords(drawer(page))).toEqual([])
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
  })

  test('closes the drawer with Escape and keeps the list where it was', async ({ signedIn: page }) => {
    await page.goto('/events?limit=20')
    await expect(rows(page)).not.toHaveCount(0)
    await rows(page).nth(2).getByRole('button').focus()
    await page.keyboard.press('Enter')
    await expect(drawer(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(drawer(page)).toBeHidden()
    await expect(page).toHaveURL(/limit=20/)
    await expect(page).not.toHaveURL(/event=/)
  })
})
