import type { Page } from '@playwright/test'
import { expect, signInAs, test } from './fixtures'

// A first visit's screen comes without a jump: the static frame, the console's frame and then its
// first rows, with nothing already shown moving (the layout shifts the browser reports add up to 0).
// At a phone's width, where a line above a table moved it down, and at a desktop's. The service
// worker is allowed, as on a real first visit (blocked, the top bar says there is no offline copy).

/** Notes every layout shift of the page from its first script on. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: string[] = []
    ;(window as unknown as { shifts: string[] }).shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        sources?: { node?: Node | null; previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly }[]
      })[])
        shifts.push(
          `${entry.value.toFixed(4)} ${(entry.sources ?? [])
            .map(
              (s) =>
                `${s.node?.nodeName ?? '?'}${(s.node as Element | null)?.closest?.('[data-static-frame]') ? ' (static frame)' : ''} "${(s.node?.textContent ?? '').slice(0, 40)}" ${s.previousRect?.x},${s.previousRect?.y} -> ${s.currentRect?.x},${s.currentRect?.y}`,
            )
            .join(', ')}`,
        )
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)

for (const width of [412, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 823 } })

    test("a visitor's first /products and a signed-in first /tasks: no layout shift", async ({ page }) => {
      await watchShifts(page)
      await page.goto('/products')
      await expect(page.getByTestId('catalog-row').first()).toBeVisible()
      // What comes after the first rows (the fetched-at time, counts) comes in too.
      await expect(page.getByTestId('fetched-at').first()).toBeVisible()
      await page.waitForTimeout(500)
      expect(await shifts(page), '/products').toEqual([])

      await signInAs(page)
      await page.goto('/tasks')
      await expect(page.getByTestId('task-row').first()).toBeVisible()
      await expect(page.getByTestId('fetched-at').first()).toBeVisible()
      await page.waitForTimeout(500)
      expect(await shifts(page), '/tasks').toEqual([])
    })

    test('home, since you last looked: the fetched-at time takes its place without moving the cards', async ({
      signedIn: page,
    }) => {
      await watchShifts(page)
      for (const path of ['/', '/since']) {
        await page.goto(path)
        await expect(page.getByTestId('fetched-at').first()).toBeVisible()
        // Until the counts and the refresh after them are in: "Refreshing…" comes and goes.
        await page.waitForTimeout(1500)
        // The last errors, when there are some, come in above the links and move them: content, not
        // the frame. What the heading's line did (0.23 at 412 px) is gone; the rest stays small.
        const seen = await shifts(page)
        const total = seen.reduce((sum, line) => sum + Number(line.split(' ')[0]), 0)
        expect(total, `${path}: ${seen.join('; ')}`).toBeLessThan(0.05)
        expect(
          seen.filter((line) => line.includes('Fetched')),
          path,
        ).toEqual([])
      }
    })
  })
}
