import { createProduct } from './commerce-support'
import { expect, test } from './fixtures'
import { ADMIN_TOKEN, OPERATOR_TOKEN } from './support'

// What the user may do decides what is offered: hidden where they may not do it, disabled with the
// reason where they see it but may not act, and a form screen says it is not permitted. The demo
// platform turns the console's checks on; the seeded viewer may only read.
const VIEWER_TOKEN = 'demo-viewer-token'
const REASON = 'You do not have permission to do this.'

test.describe('the viewer', () => {
  test.use({ token: VIEWER_TOKEN })

  test('the viewer is offered no new task, no task form and no data-format changes', async ({
    signedIn: page,
  }) => {
    await page.goto('/tasks')
    await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible()
    await expect(page.getByTestId('task-row').first().or(page.getByRole('cell').first())).toBeVisible()
    await expect(page.getByRole('link', { name: 'New task' })).toHaveCount(0)

    await page.goto('/tasks/create')
    await expect(page.getByRole('heading', { name: 'Not permitted' })).toBeVisible()
    await expect(page.getByRole('button', { name: /save/i })).toHaveCount(0)

    await page.goto('/data-formats')
    await expect(page.getByTestId('data-format-row').first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'New data format' })).toHaveCount(0)
    const remove = page
      .getByTestId('data-format-row')
      .first()
      .getByRole('button', { name: /^Delete/ })
    await expect(remove).toBeDisabled()
    await expect(remove).toHaveAttribute('title', REASON)
  })
})

test.describe('the viewer of a product', () => {
  test.use({ token: VIEWER_TOKEN })

  test('is offered no new contract and no purchase: both are disabled with the reason', async ({
    signedIn: page,
    request,
  }) => {
    const product = await createProduct(request, 'dataproduct')
    await page.goto(`/products/${product.id}`)
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible()
    for (const name of ['New contract', 'Purchase']) {
      const button = page.getByRole('button', { name, exact: true })
      await expect(button).toBeDisabled()
      await expect(button).toHaveAttribute('title', REASON)
    }
    await expect(page.getByRole('group', { name: 'New contract' })).toHaveCount(0)
  })
})

test.describe('the operator', () => {
  test.use({ token: OPERATOR_TOKEN })

  test('the operator may create data formats but not delete them: Delete is disabled with the reason', async ({
    signedIn: page,
  }) => {
    await page.goto('/data-formats')
    await expect(page.getByTestId('data-format-row').first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'New data format' })).toBeVisible()
    const remove = page
      .getByTestId('data-format-row')
      .first()
      .getByRole('button', { name: /^Delete/ })
    await expect(remove).toBeDisabled()
    await expect(remove).toHaveAccessibleName(new RegExp(REASON.replace('.', '\\.')))
    await page.goto('/data-formats/create')
    await expect(page.getByRole('heading', { name: 'Not permitted' })).toHaveCount(0)
  })
})

test.describe('the administrator', () => {
  test.use({ token: ADMIN_TOKEN })

  test('the administrator is offered every action', async ({ signedIn: page }) => {
    await page.goto('/data-formats')
    await expect(page.getByTestId('data-format-row').first()).toBeVisible()
    await expect(
      page
        .getByTestId('data-format-row')
        .first()
        .getByRole('button', { name: /^Delete/ }),
    ).toBeEnabled()
    await page.goto('/tasks')
    await expect(page.getByRole('link', { name: 'New task' })).toBeVisible()
  })
})
