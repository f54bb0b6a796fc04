import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { networkQuiet, uniqueCode, waitForCached, waitForOutboxDb, waitForServiceWorker } from './support'
import { findTasks, getTask } from './tasks-support'

/** Values typed into the task form: found anywhere on the device, one is a leak. */
const SECRETS = {
  appAccessToken: 'e2e-APP-TOKEN-4b7d1f93',
  clientSecret: 'e2e-CLIENT-SECRET-8e2a60c5',
  hookToken: 'e2e-HOOK-TOKEN-17f9c3ad',
  offlineClientSecret: 'e2e-OFFLINE-SECRET-c05e9b72',
  draftedHookToken: 'e2e-DRAFTED-TOKEN-a93d4e18',
  oldDraft: 'e2e-OLD-DRAFT-SECRET-5d21f0',
}
const VALUES = Object.values(SECRETS)

/** Everything the console keeps on this device: all of IndexedDB, Cache Storage and both storages, as text. */
function deviceContents(page: Page) {
  return page.evaluate(async () => {
    const parts: string[] = []
    const text = async (value: unknown): Promise<string> => {
      if (value instanceof Blob) return value.text()
      if (value instanceof ArrayBuffer) return new TextDecoder().decode(value)
      try {
        return JSON.stringify(value)
      } catch {
        return String(value)
      }
    }
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name as string)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const read = db.transaction(store).objectStore(store).getAll()
          read.onsuccess = () => resolve(read.result)
          read.onerror = () => reject(read.error)
        })
        for (const row of rows) parts.push(`idb:${info.name}/${store}: ${await text(row)}`)
      }
      db.close()
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        parts.push(`cache:${name} ${request.url}: ${response ? await response.text() : ''}`)
      }
    }
    for (const storage of [localStorage, sessionStorage])
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i) ?? ''
        parts.push(`storage:${key}: ${storage.getItem(key)}`)
      }
    return parts
  })
}

async function expectNoSecretOnDevice(page: Page, when: string) {
  const parts = await deviceContents(page)
  expect(parts.length, when).toBeGreaterThan(0)
  const found = parts.flatMap((part) =>
    VALUES.filter((v) => part.includes(v)).map((v) => `${v} in ${part.slice(0, 120)}`),
  )
  expect(found, when).toEqual([])
}

test.describe('task secrets never stay on the device', () => {
  test('typed, saved online and offline, replayed and every screen visited: no secret in storage', async ({
    signedIn: page,
    context,
    request,
  }) => {
    test.setTimeout(180_000)
    const name = uniqueCode('Secret task')
    await waitForServiceWorker(page)
    await page.goto('/tasks')
    await page.getByRole('link', { name: 'New task' }).click()
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
    await page.getByLabel('App access token', { exact: true }).fill(SECRETS.appAccessToken)
    await page.getByLabel('Client secret', { exact: true }).fill(SECRETS.clientSecret)
    await page.getByLabel('Hook token', { exact: true }).fill(SECRETS.hookToken)
    // Long enough for the draft to be kept while typing: it keeps the name, never a secret.
    await expect(page.getByText(/kept on this device|saved on this device/i).first()).toBeVisible()
    await expectNoSecretOnDevice(page, 'draft of a new task')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/tasks(\?|$)/)
    await expect.poll(async () => (await findTasks(request, name)).length, { timeout: 20_000 }).toBe(1)
    const [created] = await findTasks(request, name)
    const id = created?.id ?? ''
    expect(created).toMatchObject({ appAccessTokenSet: true, clientSecretSet: true, hookTokenSet: true })

    // The form says a secret is set, without it, and offers Replace.
    await page.goto(`/tasks/${id}`)
    await expect(page.getByRole('heading', { name })).toBeVisible()
    await waitForCached(page, name)
    await page.getByRole('link', { name: 'Edit' }).click()
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name)
    for (const label of ['App access token', 'Client secret', 'Hook token']) {
      const group = page.getByRole('group', { name: label })
      await expect(group).toContainText('Set')
      await expect(group.getByRole('button', { name: `Replace ${label}` })).toBeVisible()
    }
    await expect(page.getByLabel('Client secret', { exact: true })).toHaveCount(0)

    // Replaced offline: queued (its secret waits in the outbox), then replayed and gone from it.
    await context.setOffline(true)
    await expect(page.getByText('Offline', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Replace Client secret' }).click()
    await page.getByLabel('Client secret', { exact: true }).fill(SECRETS.offlineClientSecret)
    await page.getByLabel('Description').fill('Secret replaced without a connection')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Waiting to sync')
    // The reader sees the outbox: the change waiting to be sent holds its secret, as it must.
    await expect
      .poll(async () =>
        (await deviceContents(page)).some((part) => part.includes(SECRETS.offlineClientSecret)),
      )
      .toBe(true)
    await context.setOffline(false)
    await expect(page.getByRole('link', { name: /changes? wait/ })).toHaveCount(0, { timeout: 20_000 })
    await expect
      .poll(async () => (await getTask(request, id))?.description, { timeout: 20_000 })
      .toBe('Secret replaced without a connection')

    // A secret typed into a form left unsaved: its draft keeps the rest, not the secret. A draft of
    // the offline edit may still be on offer (it is written while typing, racing the save): answered
    // first, so that this input is kept.
    await page.goto(`/tasks/${id}/edit`)
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name)
    const discard = page.getByRole('button', { name: 'Discard draft' })
    const offered = await discard.waitFor({ state: 'visible', timeout: 2000 }).then(
      () => true,
      () => false,
    )
    if (offered) await discard.click()
    await page.getByRole('button', { name: 'Replace Hook token' }).click()
    await page.getByLabel('Hook token', { exact: true }).fill(SECRETS.draftedHookToken)
    await page.getByLabel('Description').fill('Left as a draft')
    await expect(page.getByText(/kept on this device|saved on this device/i).first()).toBeVisible()

    for (const path of [
      '/',
      '/tasks',
      `/tasks/${id}`,
      `/tasks/${id}/edit`,
      '/tasks/create',
      '/sources',
      '/templates',
      '/connectors',
      '/transformers',
      '/products',
      '/data-formats',
      '/events',
      '/monitoring',
      '/outbox',
      '/me',
    ]) {
      await page.goto(path)
      await expect(page.locator('main').first(), path).toBeVisible()
      await networkQuiet(page).catch(() => undefined)
    }
    await expectNoSecretOnDevice(page, 'after every screen')

    // A draft kept before secrets were left out of drafts: sign-out clears its secret.
    await waitForOutboxDb(page)
    await page.evaluate(
      (secret) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('orchestrator')
          open.onsuccess = () => {
            const write = open.result
              .transaction('drafts', 'readwrite')
              .objectStore('drafts')
              .put({
                key: 'old|draft',
                values: { name: 'Old draft', clientSecret: secret },
                updatedAt: Date.now(),
              })
            write.onsuccess = () => {
              open.result.close()
              resolve()
            }
            write.onerror = () => reject(write.error)
          }
        }),
      SECRETS.oldDraft,
    )
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login/)
    await expectNoSecretOnDevice(page, 'after sign-out')
  })
})
