import { createProduct } from './commerce-support'
import { expect, test } from './fixtures'
import { platform, waitForServiceWorker } from './support'

test.describe('credentials of a product', () => {
  test('values are masked and revealable; the overwrite warning is confirmed before saving', async ({
    signedIn: page,
    request,
  }) => {
    const product = await createProduct(request, 'dataproduct')
    await platform(request, 'POST', '/api/sandbox/products/v2/auth-credentials', {
      productId: product.id,
      credentials: { oldKey: 'old-secret-value-1234' },
    })
    await page.goto(`/products/${product.id}`)
    const section = page.getByRole('region', { name: 'Credentials' })
    await expect(section.getByText('oldKey')).toBeVisible()
    await expect(section.getByText('••••••••1234')).toBeVisible()
    await expect(section.getByText('Creating new credentials will overwrite previously saved.')).toBeVisible()

    await section.getByLabel('Name 1').fill('username')
    await section.getByLabel('Value 1').fill('robot')
    await section.getByRole('button', { name: 'Add credential' }).click()
    await section.getByLabel('Name 2').fill('apiKey')
    await section.getByLabel('Value 2').fill('s3cret-api-key-98765')
    await expect(section.getByLabel('Value 2')).toHaveAttribute('type', 'password')
    await section.getByRole('button', { name: 'Show value 2' }).click()
    await expect(section.getByLabel('Value 2')).toHaveAttribute('type', 'text')
    await section.getByRole('button', { name: 'Hide value 2' }).click()
    await expect(section.getByLabel('Value 2')).toHaveAttribute('type', 'password')

    await section.getByRole('button', { name: 'Save credentials' }).click()
    const confirm = page.getByRole('dialog', { name: 'Overwrite credentials?' })
    await expect(confirm).toContainText('Creating new credentials will overwrite previously saved.')
    // Cancelling keeps the old credentials untouched.
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(section.getByText('oldKey')).toBeVisible()

    await section.getByRole('button', { name: 'Save credentials' }).click()
    await confirm.getByRole('button', { name: 'Overwrite' }).click()
    await expect(section.getByText('Credentials saved', { exact: true })).toBeVisible()
    await expect(section.getByText('oldKey')).toHaveCount(0)
    await expect(section.getByText('••••••••8765')).toBeVisible()
    const { json } = await platform<{ credentials: Record<string, string> }>(
      request,
      'GET',
      `/api/sandbox/products/v2/auth-credentials?productId=${product.id}`,
    )
    expect(Object.keys(json.result?.credentials ?? {}).sort()).toEqual(['apiKey', 'username'])
  })

  test('a credential value needs a name; offline the save is disabled with the reason', async ({
    signedIn: page,
    context,
    request,
  }) => {
    const product = await createProduct(request, 'dataproduct')
    await page.goto(`/products/${product.id}`)
    const section = page.getByRole('region', { name: 'Credentials' })
    await expect(section.getByText('No credentials saved.')).toBeVisible()
    await section.getByLabel('Value 1').fill('orphan')
    await section.getByRole('button', { name: 'Save credentials' }).click()
    await expect(section.getByText('This field is required')).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // Longer than the platform takes: said on the fields, before the overwrite is even asked.
    await section.getByLabel('Name 1').fill('n'.repeat(201))
    await section.getByLabel('Value 1').fill('v'.repeat(4001))
    await section.getByRole('button', { name: 'Save credentials' }).click()
    await expect(section.getByText('Too long', { exact: true })).toHaveCount(2)
    await expect(section.getByLabel('Name 1')).toHaveAttribute('aria-invalid', 'true')
    await expect(section.getByLabel('Value 1')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await waitForServiceWorker(page)
    await context.setOffline(true)
    const save = section.getByRole('button', { name: 'Save credentials' })
    await expect(save).toBeDisabled()
    await expect(save).toHaveAccessibleDescription('Needs a connection: this cannot wait in the queue.')
    await context.setOffline(false)
    await expect(save).toBeEnabled({ timeout: 15_000 })
  })
})

test('the product form’s contracts and credentials tabs work inside the form without saving it', async ({
  signedIn: page,
  request,
}) => {
  const product = await createProduct(request, 'dataproduct')
  await page.goto(`/products/${product.id}/edit`)
  await page.getByRole('tab', { name: 'Contracts' }).click()
  await expect(page.getByRole('table', { name: 'Contracts' })).toContainText('No contracts yet.')
  await page.getByRole('tab', { name: 'Credentials' }).click()
  const section = page.getByRole('region', { name: 'Credentials' })
  await section.getByLabel('Name 1').fill('token')
  await section.getByLabel('Value 1').fill('tab-secret-000111')
  // Enter in a field asks for the confirmation, as the button does; the product form is not sent.
  await section.getByLabel('Value 1').press('Enter')
  await page
    .getByRole('dialog', { name: 'Overwrite credentials?' })
    .getByRole('button', { name: 'Overwrite' })
    .click()
  await expect(section.getByText('Credentials saved', { exact: true })).toBeVisible()
  await expect(section.getByText('••••••••0111')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}/edit$`))
  await expect(page.getByRole('tab', { name: 'Credentials' })).toHaveAttribute('aria-selected', 'true')
})
