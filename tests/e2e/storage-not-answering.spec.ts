import { expect, test } from './fixtures'

test('a device storage that does not answer: the console says so and offers a reload, then recovers', async ({
  signedIn: page,
  context,
}) => {
  await expect(page.getByText('Tasks by status')).toBeVisible()

  // Another tab holds the boot store with a transaction that never ends, as WebKit leaves one of a
  // page it put into its back/forward cache.
  const holder = await context.newPage()
  await holder.goto('/')
  await holder.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const open = indexedDB.open('orchestrator-boot')
        open.onsuccess = () => {
          const kv = open.result.transaction('kv', 'readwrite').objectStore('kv')
          const w = window as unknown as { held: boolean }
          w.held = true
          const again = () => {
            if (w.held) kv.get('x').onsuccess = again
          }
          again()
          resolve()
        }
      }),
  )

  await page.goto('/tasks')
  // Not the static frame for good, and not the sign-in page: the session is unknown, not ended.
  await expect(page.getByRole('heading', { name: "This device's storage is not answering" })).toBeVisible({
    timeout: 10_000,
  })
  await expect(page).toHaveURL(/\/tasks$/)

  await holder.evaluate(() => {
    ;(window as unknown as { held: boolean }).held = false
  })
  await page.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByRole('link', { name: 'New task' })).toBeVisible()
  await expect(page).toHaveURL(/\/tasks/)
})
