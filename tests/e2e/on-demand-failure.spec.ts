import { expect, test } from './fixtures'
import { refuseChunk } from './support'

// On a first visit no service worker keeps the console's chunks yet: a part loaded on demand (a dialog,
// the narrow screen's menu) whose code cannot come when asked for leaves the screen as it is. A notice
// says so in the user's language, nothing is replaced by an error page, and asked for again once its
// code can come, the part opens.

// No service worker between the page and the server: as before one is installed.
test.use({ serviceWorkers: 'block' })

const errorPage = /^(Error|Virhe)$/

test('a delete dialog whose code does not come: the list stays, a notice says so; asked again, it opens', async ({
  signedIn: page,
}) => {
  const dialog = await refuseChunk(page, 'the data format delete dialog', (name) =>
    name.startsWith('data-format-delete-dialog-'),
  )
  // The row asked from is far down the list: the notice is seen there, under the top bar.
  await page.setViewportSize({ width: 1280, height: 600 })
  await page.goto('/data-formats')
  const row = page.getByTestId('data-format-row').last()
  const code = (await row.getByRole('cell').first().textContent()) ?? ''
  const deleteButton = row.getByRole('button', { name: /Delete/ })
  await deleteButton.click()
  const notice = page.getByRole('alert').filter({ hasText: 'could not be loaded' })
  await expect(notice).toHaveText(
    'This part of the console could not be loaded. Nothing on this screen was lost: try again (without a connection, once it is back).',
  )
  await expect(notice).toBeInViewport()
  await expect(deleteButton).toBeInViewport()
  expect(dialog.refused()).toBeGreaterThan(0)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: errorPage })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Data formats' })).toBeVisible()
  await expect(page.getByTestId('data-format-row').last().getByRole('cell').first()).toHaveText(code)
  // Asked for again once its code can come: the dialog opens.
  await dialog.letIn()
  await deleteButton.click()
  const opened = page.getByRole('dialog')
  await expect(opened.getByRole('heading', { name: /^Delete / })).toBeVisible()
  await opened.getByRole('button', { name: 'Cancel' }).click()
  await expect(opened).toHaveCount(0)
  await expect(deleteButton).toBeFocused()
})

test.describe('in Finnish, at 390 px', () => {
  test.use({ consoleLocale: 'fi', viewport: { width: 390, height: 844 } })

  test('the menu whose code does not come: the page stays, a Finnish notice says so; asked again, it opens', async ({
    signedIn: page,
  }) => {
    const drawer = await refuseChunk(page, 'the menu drawer', (name) => name.startsWith('menu-drawer-'))
    await page.goto('/data-formats')
    await expect(page.getByRole('heading', { level: 1, name: 'Tietomuodot' })).toBeVisible()
    const open = page.getByRole('button', { name: 'Avaa valikko' })
    await open.click()
    await expect(page.getByRole('alert').filter({ hasText: 'ei voitu ladata' })).toHaveText(
      'Tätä konsolin osaa ei voitu ladata. Mitään tällä näytöllä ei menetetty: yritä uudelleen (ilman yhteyttä, kun se palaa).',
    )
    expect(drawer.refused()).toBeGreaterThan(0)
    await expect(page.getByRole('navigation', { name: 'Päävalikko' })).toHaveCount(0)
    await expect(open).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('heading', { level: 1, name: errorPage })).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name: 'Tietomuodot' })).toBeVisible()
    await drawer.letIn()
    await open.click()
    await expect(page.getByRole('navigation', { name: 'Päävalikko' })).toBeVisible()
  })
})

test('a chart whose code does not come: its data shows as the table, and a notice says so', async ({
  signedIn: page,
}) => {
  const uplot = await refuseChunk(page, 'the chart', (name) => name.startsWith('uplot-chart-'))
  await page.goto('/monitoring')
  const card = page.getByTestId('companies-chart')
  await expect(card.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'true')
  await expect(card.getByRole('group')).toBeVisible()
  await expect(card.getByRole('row').nth(1)).toBeVisible()
  expect(uplot.refused()).toBeGreaterThan(0)
  // Every chart shows its table, and one notice says so for all of them.
  const toggles = page.getByRole('button', { name: 'Show as table' })
  await expect
    .poll(() => toggles.evaluateAll((all) => all.map((b) => b.getAttribute('aria-pressed')).join(' ')))
    .toBe('true true')
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1, name: errorPage })).toHaveCount(0)
  // Its code in, the chart shows again when asked for.
  await uplot.letIn()
  await card.getByRole('button', { name: 'Show as table' }).click()
  await expect(card.locator('canvas')).toBeVisible()
})
