import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import {
  outboxCount,
  platform,
  uniqueCode,
  useEnglish,
  waitForOutboxDb,
  waitForServiceWorker,
} from './support'

const ADMIN_ID = 'u0000000-0000-4000-8000-000000000001'

async function countByCode(request: Parameters<typeof platform>[0], code: string) {
  const { json } = await platform<{ itemList: { dataFormatCode: string }[] }>(
    request,
    'GET',
    `/api/sandbox/products/v2/data-formats?limit=1000&q=${code}`,
  )
  return (json.result?.itemList ?? []).filter((f) => f.dataFormatCode === code).length
}

async function createOffline(page: Page, code: string) {
  await page.goto('/data-formats/create')
  await page.getByLabel('Code').fill(code)
  await page.getByLabel('Name').fill(`Tab ${code}`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Waiting to sync')
}

test.describe('outbox across tabs and closed pages', () => {
  test('two tabs with a queue: each change reaches the platform once', async ({
    signedIn: a,
    context,
    request,
  }) => {
    const b = await context.newPage()
    await useEnglish(b)
    await b.goto('/data-formats')
    await waitForServiceWorker(a)
    await waitForServiceWorker(b)
    await context.setOffline(true)
    const codes = [uniqueCode('TA'), uniqueCode('TB'), uniqueCode('TC'), uniqueCode('TD')]
    await createOffline(a, codes[0] as string)
    await createOffline(b, codes[1] as string)
    await createOffline(a, codes[2] as string)
    await createOffline(b, codes[3] as string)
    expect(await outboxCount(a)).toBe(4)
    await context.setOffline(false)
    await expect.poll(() => outboxCount(a), { timeout: 30_000 }).toBe(0)
    for (const code of codes) expect(await countByCode(request, code), code).toBe(1)
  })

  test('a change whose page closed while sending is resent with the same key and applied once', async ({
    signedIn: page,
    request,
  }) => {
    const code = uniqueCode('CLOSED')
    const key = crypto.randomUUID()
    const body = { dataFormatCode: code, name: 'Sent before the page closed' }
    // The platform took the first attempt; its answer never reached the closed page.
    const first = await request.post('/api/sandbox/internal/products/v2/data-formats', {
      headers: { Authorization: 'Bearer demo-admin-token', 'Idempotency-Key': key },
      data: body,
    })
    expect(first.status()).toBe(201)
    await waitForOutboxDb(page)
    await page.evaluate(
      ({ key, body, userId }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('orchestrator')
          open.onsuccess = () => {
            const put = open.result
              .transaction('outbox', 'readwrite')
              .objectStore('outbox')
              .add({
                id: key,
                userId,
                organizationId: localStorage.getItem('organizationId') ?? '',
                env: 'sandbox',
                version: 'v2',
                method: 'POST',
                path: '/api/sandbox/internal/products/v2/data-formats',
                body,
                resource: 'data-formats',
                entityId: `local:${key}`,
                label: body.name,
                createdAt: Date.now(),
                status: 'sending',
                attempts: 0,
                nextAttemptAt: 0,
              })
            put.onsuccess = () => resolve()
            put.onerror = () => reject(put.error)
          }
        }),
      { key, body, userId: ADMIN_ID },
    )
    await page.reload()
    await expect.poll(() => outboxCount(page), { timeout: 20_000 }).toBe(0)
    expect(await countByCode(request, code)).toBe(1)
  })
})
