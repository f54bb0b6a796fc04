import { expect, type Page, test } from '@playwright/test'
import { readBootStore, useEnglish } from './support'

interface StoredSession {
  kind: string
  refreshToken?: string
  token: string
  expiresAt: number
}

const readSession = async (page: Page) => {
  const session = await readBootStore<StoredSession>(page, 'session')
  if (!session) throw new Error('no session is stored')
  return session
}

test('the session is refreshed before it expires, by one tab only, with a rotated refresh token', async ({
  context,
}) => {
  const page = await context.newPage()
  await useEnglish(page)
  await page.goto('/login')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByLabel('Email').fill('operator@example.com')
  await page.getByLabel('Password').fill('Demo-operator-1')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/$/)
  const before = await readSession(page)
  expect(before.expiresAt - Date.now()).toBeGreaterThan(23 * 3_600_000)

  // Let the session be a minute from its end, then open it in two tabs at once.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const open = indexedDB.open('orchestrator-boot')
        open.onsuccess = () => {
          const store = open.result.transaction('kv', 'readwrite').objectStore('kv')
          const read = store.get('session')
          read.onsuccess = () => {
            store.put({ ...read.result, expiresAt: Date.now() + 60_000 }, 'session').onsuccess = () =>
              resolve()
          }
        }
      }),
  )
  const refreshes: string[] = []
  context.on('request', (r) => {
    if (r.url().endsWith('/oidc/token') && (r.postData() ?? '').includes('grant_type=refresh_token'))
      refreshes.push(r.url())
  })
  const second = await context.newPage()
  // The platform signs its tokens deterministically, to the second: a refresh in the second of the
  // sign-in would issue the very same token, and the test could not tell it was refreshed.
  await page.waitForTimeout(1100)
  await Promise.all([page.reload(), second.goto('/data-formats')])
  await expect
    .poll(async () => (await readSession(page)).refreshToken, { timeout: 20_000 })
    .not.toBe(before.refreshToken)
  const after = await readSession(page)
  expect(after.expiresAt - Date.now()).toBeGreaterThan(23 * 3_600_000)
  expect(after.token).not.toBe(before.token)
  await page.waitForTimeout(1500)
  expect(refreshes).toHaveLength(1)
  await second.reload()
  await expect(second.getByTestId('data-format-row').first()).toBeVisible()
})
