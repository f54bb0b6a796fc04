import { TOKEN_PATTERN } from '../../src/contract/token'
import { expect, test } from './fixtures'
import { platform, uniqueCode } from './support'

interface Token {
  id: string
  name: string
  status: string
  expirationDate: string
  shortValue: string
  primary: boolean
}
const ME = 'u0000000-0000-4000-8000-000000000001'
const tokensOf = async (request: Parameters<typeof platform>[0]) =>
  (await platform<{ itemList: Token[] }>(request, 'GET', `/api/sandbox/v2/${ME}/app-tokens`)).json.result
    ?.itemList ?? []

test.describe('profile', () => {
  test('shows personal information, role, permissions and applications', async ({ signedIn: page }) => {
    await page.goto('/me')
    await expect(page.getByText('admin@example.com')).toBeVisible()
    await expect(page.getByTestId('profile-role')).toHaveText('admin')
    await expect(page.getByTestId('permissions')).toContainText('events.read')
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible()
    await expect(page.getByText('Orchestrator', { exact: true }).last()).toBeVisible()
  })

  test('a reload right after a change shows the platform list, not the stored snapshot', async ({
    signedIn: page,
  }) => {
    const name = uniqueCode('e2e')
    await page.goto('/me')
    await page.getByLabel('Name').fill(name)
    await page.getByRole('button', { name: 'Generate' }).click()
    await expect(page.getByTestId('token-full-value')).toHaveText(TOKEN_PATTERN)
    // Sooner than the throttled cache write: the stored list may not have the new token yet.
    await page.reload()
    await expect(page.getByTestId('token-row').filter({ hasText: name })).toBeVisible()
  })

  test('a new token takes the focus to its Copy, and Done gives it to its row', async ({
    signedIn: page,
  }) => {
    const name = uniqueCode('focus')
    await page.goto('/me')
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Name').press('Enter')
    await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Done' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('token-full-value')).toHaveCount(0)
    const row = page.getByTestId('token-row').filter({ hasText: name })
    await expect(row.getByRole('button').first()).toBeFocused()
  })

  test("a token's name too long or a past date is said on its field, before anything is sent", async ({
    signedIn: page,
  }) => {
    const sent: string[] = []
    page.on('request', (r) => r.method() === 'POST' && /\/tokens/.test(r.url()) && sent.push(r.url()))
    await page.goto('/me')
    const form = page.getByRole('form', { name: 'Generate a token' })
    await form.getByLabel('Name').fill('n'.repeat(101))
    // English writes the date m/d/yyyy: a day a year ago.
    const past = new Date(Date.now() - 366 * 864e5)
    await form
      .getByLabel('Expiration date')
      .fill(`${past.getMonth() + 1}/${past.getDate()}/${past.getFullYear()}`)
    await form.getByRole('button', { name: 'Generate' }).click()
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByText('Too long', { exact: true })).toBeVisible()
    await expect(form.getByLabel('Expiration date')).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByText('Choose a date in the future.', { exact: true })).toBeVisible()
    expect(sent).toEqual([])
  })

  test('token lifecycle: generate, full value once, renew, revoke, remove', async ({
    signedIn: page,
    request,
    context,
  }) => {
    const name = uniqueCode('e2e')
    await page.goto('/me')
    await page.getByLabel('Name').fill(name)
    await page.getByRole('button', { name: 'Generate' }).click()
    const full = page.getByTestId('token-full-value')
    await expect(full).toHaveText(TOKEN_PATTERN)
    const value = (await full.textContent()) ?? ''
    const row = page.getByTestId('token-row').filter({ hasText: name })
    await expect(row).toContainText(`${value.slice(0, 4)}…${value.slice(-4)}`)
    const mine = (await tokensOf(request)).find((t) => t.name === name)
    await expect(row).toContainText(mine?.primary ? 'Primary' : 'Secondary')
    // The new token works against the platform.
    expect((await platform(request, 'GET', '/api/sandbox/events?limit=1', undefined, value)).status).toBe(200)

    // Shown once: after a reload only the short value is left.
    await page.reload()
    await expect(page.getByTestId('token-full-value')).toHaveCount(0)
    await expect(page.getByText(value)).toHaveCount(0)
    await expect(row).toContainText(`${value.slice(0, 4)}…${value.slice(-4)}`)

    const before = (await tokensOf(request)).find((t) => t.name === name)
    // Renew extends: the dialog offers a later date, and the token lives to the end of that day.
    await row.getByRole('button', { name: `Renew ${name}` }).click()
    // Shown as the language writes it (English: m/d/yyyy), read back as an ISO date.
    const shown = await page.getByRole('dialog').getByLabel('Expiration date').inputValue()
    const [month, day, year] = shown.split('/')
    const offered = `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`
    await page.getByRole('dialog').getByRole('button', { name: 'Renew' }).click()
    await expect(page.getByText('Token refreshed successfully')).toBeVisible()
    const renewed = (await tokensOf(request)).find((t) => t.name === name)
    expect(Date.parse(renewed?.expirationDate ?? '')).toBeGreaterThan(
      Date.parse(before?.expirationDate ?? ''),
    )
    expect(Date.parse(renewed?.expirationDate ?? '') - Date.parse(`${offered}T00:00:00Z`)).toBeLessThan(
      2 * 864e5,
    )
    expect(renewed?.expirationDate).not.toBe(before?.expirationDate)

    await row.getByRole('button', { name: `Revoke ${name}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click()
    await expect(row).toContainText('revoked')
    await expect(row.getByRole('button', { name: `Renew ${name}` })).toHaveCount(0)
    expect((await tokensOf(request)).find((t) => t.name === name)?.status).toBe('revoked')
    expect((await platform(request, 'GET', '/api/sandbox/events?limit=1', undefined, value)).status).toBe(401)

    // Offline the token calls are refused with the reason, never queued.
    await context.setOffline(true)
    await page.evaluate(() => window.dispatchEvent(new Event('offline')))
    await expect(row.getByRole('button', { name: `Remove ${name}` })).toBeDisabled()
    await expect(page.getByText('Needs a connection: this cannot wait in the queue.').first()).toBeVisible()
    await context.setOffline(false)
    await page.evaluate(() => window.dispatchEvent(new Event('online')))

    await row.getByRole('button', { name: `Remove ${name}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()
    await expect(row).toHaveCount(0)
    expect((await tokensOf(request)).some((t) => t.name === name)).toBe(false)
  })
})
