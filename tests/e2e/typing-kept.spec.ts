import { expect, test } from './fixtures'
import { platform, uniqueCode, waitForCached, waitForServiceWorker } from './support'

// A form is never remounted under the user's hands: with the platform out of reach the edit screen
// opens from what is saved, and the refresh that follows (its "Refreshing…", the probes that end in
// "Offline") reconciles around the input, never replaces it.

for (const how of ['platform unreachable', 'device offline'] as const)
  test(`typing on an edit screen is kept through the refresh, ${how}`, async ({
    signedIn: page,
    context,
    request,
  }) => {
    const code = uniqueCode('TYPE')
    const { status } = await platform(request, 'POST', '/api/sandbox/internal/products/v2/data-formats', {
      dataFormatCode: code,
      name: `Format ${code}`,
    })
    expect(status).toBeLessThan(300)
    await page.goto('/data-formats?page=1&limit=100')
    await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible()
    await waitForServiceWorker(page)
    const edit = await page.getByRole('link', { name: `Edit Format ${code}` }).getAttribute('href')
    // Opened once online: its data and the picture of the screen are saved for the next start.
    await page.goto(edit ?? '')
    await expect(page.getByLabel('Name')).toHaveValue(`Format ${code}`)
    await waitForCached(page, code)

    if (how === 'device offline') await context.setOffline(true)
    // Every request the page or its worker sends is refused: the browser still says it is online.
    else await context.route('**/api/**', (route) => route.abort('connectionrefused'))
    // Every form taken off the page is counted: the one the user sees first must be the one that stays.
    await page.addInitScript(() => {
      const w = window as unknown as { formsRemoved: number }
      w.formsRemoved = 0
      new MutationObserver((mutations) => {
        for (const m of mutations)
          for (const node of m.removedNodes)
            if (node instanceof Element && (node.matches('form') || node.querySelector('form')))
              w.formsRemoved += 1
      }).observe(document, { subtree: true, childList: true })
    })
    await page.reload()
    const name = page.getByLabel('Name')
    await expect(name).toHaveValue(`Format ${code}`)
    await name.fill('')
    await name.pressSequentially('Typed while ', { delay: 50 })
    // The refresh runs and fails; the console then says it is offline.
    await expect(page.getByText('Offline', { exact: true }).first()).toBeVisible()
    await name.pressSequentially('offline', { delay: 50 })
    await page.waitForTimeout(1500)
    await expect(name).toHaveValue('Typed while offline')
    await expect(name).toBeFocused()
    expect(await page.evaluate(() => (window as unknown as { formsRemoved: number }).formsRemoved)).toBe(0)
  })
