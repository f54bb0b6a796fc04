import { readFile } from 'node:fs/promises'
import { createProduct } from './commerce-support'
import { expect, test } from './fixtures'
import { platform, waitForServiceWorker } from './support'

test.describe('files of a transformer', () => {
  test('upload shows its progress, then the file is listed, downloaded and deleted', async ({
    signedIn: page,
    request,
  }) => {
    const transformer = await createProduct(request, 'transformer')
    await page.goto(`/transformers/${transformer.id}/edit`)
    await page.getByRole('tab', { name: 'Files' }).click()
    const rawInput = page.getByRole('list', { name: 'Raw input' })
    await expect(rawInput.getByText('No files.')).toBeVisible()

    // A slow uplink, so the progress is seen between the start and the end.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    })
    const bytes = Buffer.alloc(3 * 1024 * 1024, 'a')
    await page
      .getByLabel('File for Raw input')
      .setInputFiles({ name: 'samples.csv', mimeType: 'text/csv', buffer: bytes })
    await page.getByRole('button', { name: 'Upload Raw input' }).click()
    const progress = page.getByRole('progressbar', { name: 'Uploading samples.csv' })
    await expect
      .poll(async () => Number(await progress.getAttribute('value')), { intervals: [50] })
      .toBeGreaterThan(0)
    expect(Number(await progress.getAttribute('value'))).toBeLessThan(100)
    await expect(page.getByText('samples.csv uploaded')).toBeVisible({ timeout: 30_000 })
    await expect(progress).toHaveAttribute('value', '100')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    await expect(rawInput.getByRole('listitem').filter({ hasText: 'samples.csv' })).toBeVisible()
    await expect(rawInput).toContainText('3 MB')
    await expect(page.getByRole('list', { name: 'Mapper' }).getByText('No files.')).toBeVisible()

    const download = page.waitForEvent('download')
    await rawInput.getByRole('button', { name: 'Download samples.csv' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('samples.csv')
    expect((await readFile(await file.path())).equals(bytes)).toBe(true)

    await rawInput.getByRole('button', { name: 'Delete samples.csv' }).click()
    await page
      .getByRole('dialog', { name: 'Delete samples.csv?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(rawInput.getByText('No files.')).toBeVisible()
    const { json } = await platform<unknown[]>(
      request,
      'GET',
      `/api/sandbox/products/v2/${transformer.id}/files`,
    )
    expect(json.result).toEqual([])
  })

  test('a file over 5 MB is refused before sending; offline the controls say why they are off', async ({
    signedIn: page,
    context,
    request,
  }) => {
    const transformer = await createProduct(request, 'transformer')
    await page.goto(`/transformers/${transformer.id}/edit`)
    await page.getByRole('tab', { name: 'Files' }).click()
    await page.getByLabel('File for Mapper').setInputFiles({
      name: 'huge.json',
      mimeType: 'application/json',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, ' '),
    })
    await expect(page.getByRole('alert')).toHaveText(
      'huge.json is larger than 5 MB, the largest file the platform takes.',
    )
    await expect(page.getByRole('button', { name: 'Upload Mapper' })).toBeDisabled()

    await waitForServiceWorker(page)
    await context.setOffline(true)
    await expect(page.getByLabel('File for Mapper')).toBeDisabled()
    const upload = page.getByRole('button', { name: 'Upload Mapper' })
    await expect(upload).toHaveAccessibleDescription('Needs a connection: this cannot wait in the queue.')
    await context.setOffline(false)
    await expect(page.getByLabel('File for Mapper')).toBeEnabled({ timeout: 15_000 })
  })
})
