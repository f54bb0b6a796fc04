import { expect, signInAs, test } from './fixtures'
import { outboxCount, platform, signInWithToken, uniqueCode, waitForServiceWorker } from './support'

const ADMIN_ID = 'u0000000-0000-4000-8000-000000000001'

async function newToken(request: Parameters<typeof platform>[0]) {
  const { json } = await platform<{ id: string; fullValue: string }>(
    request,
    'POST',
    `/api/sandbox/internal/users/${ADMIN_ID}/tokens`,
    {
      name: uniqueCode('e2e'),
      expirationDate: new Date(Date.now() + 3_600_000).toISOString(),
    },
  )
  return json.result as { id: string; fullValue: string }
}

const revoke = (request: Parameters<typeof platform>[0], id: string) =>
  platform(request, 'POST', `/api/sandbox/internal/users/${ADMIN_ID}/tokens/${id}/revoke`)

test.describe('401 from the platform', () => {
  test('a refused token logs the user out', async ({ page, request }) => {
    const token = await newToken(request)
    await signInAs(page, token.fullValue)
    await revoke(request, token.id)
    await page.goto('/data-formats')
    await expect(page).toHaveURL(/\/login$/)
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }),
    ).toHaveCount(0)
  })

  test('during replay the queue waits, and resumes when the same user signs in again', async ({
    page,
    context,
    request,
  }) => {
    const token = await newToken(request)
    await signInAs(page, token.fullValue)
    await page.goto('/data-formats')
    await waitForServiceWorker(page)
    await context.setOffline(true)
    const code = uniqueCode('AFTER401')
    await page.goto('/data-formats/create')
    await page.getByLabel('Code').fill(code)
    await page.getByLabel('Name').fill('Sent after signing in again')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('link', { name: '1 change waits' })).toBeVisible()
    await revoke(request, token.id)
    await context.setOffline(false)
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 })
    expect(await outboxCount(page)).toBe(1)
    const { json } = await platform<{ itemList: unknown[] }>(
      request,
      'GET',
      `/api/sandbox/products/v2/data-formats?q=${code}`,
    )
    expect(json.result?.itemList).toHaveLength(0)
    // Signing in again returns to the page the ended session was on.
    await signInWithToken(page, undefined, /\/data-formats(\?|$)/)
    await expect.poll(() => outboxCount(page), { timeout: 20_000 }).toBe(0)
    const after = await platform<{ itemList: unknown[] }>(
      request,
      'GET',
      `/api/sandbox/products/v2/data-formats?q=${code}`,
    )
    expect(after.json.result?.itemList).toHaveLength(1)
  })
})
