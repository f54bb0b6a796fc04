import { expect, test } from './fixtures'
import { platform, uniqueCode } from './support'
import { createTask } from './tasks-support'

test.describe('lists keep to what exists', () => {
  test('?page=99 goes to the last page and stores that page, not 99', async ({ signedIn: page, request }) => {
    for (const [path, list, total] of [
      ['/data-formats', 'data-formats', '/api/sandbox/products/v2/data-formats?limit=1'],
      ['/tasks', 'tasks', '/api/sandbox/tasks?limit=1'],
      ['/products', 'products', '/api/sandbox/products/v2?limit=1&type=dataproduct'],
    ] as const) {
      const count = (await platform(request, 'GET', total)).json.pagination?.totalCount ?? 0
      const last = Math.max(1, Math.ceil(count / 5))
      expect(last, `${path} has more than one page of 5`).toBeGreaterThan(1)
      await page.goto(`${path}?limit=5&page=99`)
      await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`))
      await expect(page.getByText(`Page ${last} of ${last}`)).toBeVisible()
      expect(await page.evaluate((key) => localStorage.getItem(key), `${list}.currentPage`)).toBe(
        String(last),
      )
      // The address was replaced: Back does not lead to page 99 again.
      expect(await page.evaluate(() => window.location.search)).not.toContain('page=99')
    }
  })

  test('a page size chosen just before Next is kept: Next moves in the new size', async ({
    signedIn: page,
    request,
  }) => {
    for (const [path, total, row] of [
      ['/data-formats', '/api/sandbox/products/v2/data-formats?limit=1', 'data-format-row'],
      ['/products', '/api/sandbox/products/v2?limit=1&type=dataproduct', 'catalog-row'],
    ] as const) {
      const count = (await platform(request, 'GET', total)).json.pagination?.totalCount ?? 0
      expect(count, `${path} has more than one page of 5`).toBeGreaterThan(5)
      await page.goto(`${path}?limit=5`)
      await expect(page.getByTestId(row)).toHaveCount(5)
      // The size and Next in one task, as a quick user's two clicks can both come before the list
      // re-renders with the new size.
      await page.evaluate(() => {
        const pages = document.querySelector('nav[aria-label="Pagination"]')
        const size = pages?.querySelector('select')
        const next = [...(pages?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Next')
        if (!size || !next) throw new Error('no pagination')
        size.value = '10'
        size.dispatchEvent(new Event('change', { bubbles: true }))
        next.click()
      })
      // Page 2 of 10 where there is one; where not, the last page (1) of 10, never a page of 5.
      const second = count > 10 ? 2 : 1
      await expect(page).toHaveURL(new RegExp(`[?&]page=${second}(&|$)`))
      await expect(page).toHaveURL(/[?&]limit=10(&|$)/)
      await expect(page.getByTestId(row)).toHaveCount(Math.min(10, count - (second - 1) * 10))
    }
  })

  test('the search box follows the address after Back and Forward', async ({ signedIn: page, request }) => {
    const first = uniqueCode('BACKA')
    const second = uniqueCode('BACKB')
    await createTask(request, { name: first })
    await createTask(request, { name: second })
    await page.goto('/tasks')
    const box = page
      .getByRole('searchbox')
      .or(page.getByLabel('Search', { exact: true }))
      .first()
    await box.fill(first)
    await box.press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${first}`))
    await expect(page.getByTestId('task-row')).toHaveCount(1)
    await box.fill(second)
    await box.press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${second}`))
    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`q=${first}`))
    await expect(box).toHaveValue(first)
    await expect(page.getByTestId('task-row')).toContainText(first)
    await page.goBack()
    await expect(box).toHaveValue('')
    await page.goForward()
    await expect(box).toHaveValue(first)

    // The catalog's search box does the same.
    await page.goto('/products')
    const search = page.getByRole('searchbox', { name: 'Search' })
    await search.fill('alpha')
    await search.press('Enter')
    await expect(page).toHaveURL(/q=alpha/)
    await page.goBack()
    await expect(search).toHaveValue('')
  })

  test('an inverted date range is refused in the events form, and the type matches any part of it in any case', async ({
    signedIn: page,
    request,
  }) => {
    await page.goto('/events')
    const from = page.getByLabel('From')
    const to = page.getByLabel('To', { exact: true })
    await from.fill('2026-03-10')
    await expect(page).toHaveURL(/from=2026-03-10/)
    await to.fill('2026-03-01')
    await expect(page.getByRole('alert')).toHaveText(
      'The start date is after the end date: this change of dates was not applied.',
    )
    // The start date alone was applied before, and stays so: only the change that inverted is not.
    expect(page.url()).toContain('from=2026-03-10')
    await expect(to).toHaveAttribute('aria-invalid', 'true')
    await expect(from).toHaveAttribute('aria-invalid', 'true')
    expect(page.url()).not.toContain('to=2026-03-01')
    // Put right, the range applies and the message goes.
    await to.fill('2026-03-20')
    await expect(page).toHaveURL(/to=2026-03-20/)
    await expect(page.getByText('The start date is after the end date', { exact: false })).toHaveCount(0)
    await expect(to).not.toHaveAttribute('aria-invalid', 'true')

    const latest = (await platform<{ type: string }[]>(request, 'GET', '/api/sandbox/events?limit=1')).json
      .result?.[0]?.type as string
    const part = latest.slice(2, -2).toLowerCase()
    const exact = await platform(request, 'GET', `/api/sandbox/events?type=${latest}&limit=1`)
    await page.goto('/events')
    await page.getByLabel('Type', { exact: true }).fill(part)
    await page.getByLabel('Type', { exact: true }).press('Enter')
    await expect(page).toHaveURL(new RegExp(`type=${part}`))
    const rows = page.getByTestId('event-row')
    // The filtered list replaces the one shown meanwhile: every row, once settled, has the type.
    await expect(page.getByText('Refreshing…')).toHaveCount(0)
    await expect(rows.first()).toBeVisible()
    await expect(rows.first()).toContainText(new RegExp(part, 'i'))
    await expect(rows.filter({ hasNotText: new RegExp(part, 'i') })).toHaveCount(0)
    await expect
      .poll(async () =>
        Number(((await page.getByTestId('events-count').textContent()) ?? '').replace(/^.* of |,/g, '')),
      )
      .toBeGreaterThanOrEqual(exact.json.pagination?.totalCount ?? 1)
  })
})
