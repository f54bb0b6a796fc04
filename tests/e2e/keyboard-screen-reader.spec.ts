import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { platform, uniqueCode } from './support'

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')
const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? '')

test.describe('keyboard and screen reader', () => {
  test('focus returns to what opened a confirm dialog, the event drawer and the menu drawer', async ({
    signedIn: page,
    request,
  }) => {
    const code = uniqueCode('FOCUS')
    await platform(request, 'POST', '/api/sandbox/internal/products/v2/data-formats', {
      dataFormatCode: code,
      name: `Focus ${code}`,
    })
    await page.goto('/data-formats?limit=100')
    const row = page.getByTestId('data-format-row').filter({ hasText: code })
    const remove = row.getByRole('button', { name: /Delete/ })
    // Cancel: back on the Delete button that opened the dialog.
    await remove.click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(remove).toBeFocused()
    // Escape closes too, and focus comes back the same way.
    await remove.press('Enter')
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(remove).toBeFocused()
    // Confirmed: the button is gone with its row, so focus goes to the content, not to <body>.
    await remove.click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(remove).toHaveCount(0)
    await expect.poll(() => focusedId(page)).toBe('main')

    // The event drawer.
    await page.goto('/events')
    // The row's own button, not whichever is first: events the other specs write come in live above it.
    const open = await page.getByTestId('event-row').first().getByRole('button').first().elementHandle()
    if (!open) throw new Error('no event row to open')
    await open.click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect.poll(() => open.evaluate((button) => button === document.activeElement)).toBe(true)

    // The menu drawer on a phone.
    await page.setViewportSize({ width: 390, height: 800 })
    const menuButton = page.getByRole('button', { name: 'Open menu' })
    await menuButton.click()
    await expect(page.getByRole('dialog', { name: 'Main menu' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
    expect(await focusedTag(page)).toBe('BUTTON')
  })

  test('a skip link leads to the content, and a navigation names the new screen', async ({
    signedIn: page,
  }) => {
    await page.goto('/tasks')
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeVisible()
    await page.keyboard.press('Enter')
    await expect.poll(() => focusedId(page)).toBe('main')

    const announcer = page.getByTestId('route-announcer')
    await expect(announcer).toHaveAttribute('aria-live', 'polite')
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Events' }).click()
    await expect(announcer).toHaveText('Events')
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Data Formats' })
      .click()
    await expect(announcer).toHaveText('Data Formats')
    await expect(page).toHaveTitle('orchestrator-app')
    // In Finnish too.
    await page.getByText('FI', { exact: true }).click()
    await page
      .getByRole('navigation', { name: 'Päävalikko' })
      .getByRole('link', { name: 'Tapahtumat' })
      .click()
    await expect(announcer).toHaveText('Tapahtumat')
    await expect(page).toHaveTitle('orchestrator-app')
  })

  test('a refused Save focuses the first invalid field and announces how many need correcting', async ({
    signedIn: page,
  }) => {
    await page.goto('/data-formats/create')
    const summary = page.getByTestId('form-error-summary')
    await expect(summary).toBeEmpty()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toBeFocused()
    await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await expect(summary).toHaveAttribute('role', 'alert')
    await expect(summary).toHaveText(/^Not saved: \d+ fields? needs? correcting\.$/)
    // The first field fixed: focus goes to the next one still wrong.
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(uniqueCode('SUMMARY'))
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused()
    await expect(summary).toHaveText('Not saved: 1 field needs correcting.')
    // The task form, whose first error sits on another tab than the one shown.
    await page.goto('/tasks/create')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused()
    await expect(page.getByTestId('form-error-summary')).toHaveText(/^Not saved:/)
  })

  test('every aria-controls points at an element that exists, menu open or closed', async ({
    signedIn: page,
  }) => {
    const check = async () => {
      const missing = await page.evaluate(() =>
        [...document.querySelectorAll('[aria-controls]')]
          .map((el) => el.getAttribute('aria-controls') ?? '')
          .filter((id) => id.split(' ').some((one) => !document.getElementById(one))),
      )
      expect(missing).toEqual([])
    }
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 })
      for (const path of ['/tasks', '/events', '/monitoring', '/sources']) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await check()
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('button', { name: 'Close menu' }).click()
    await check()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Data Sources' }).click()
    await check()
  })
})
