import type { Page } from '@playwright/test'
import fi from '../../lang/fi.json' with { type: 'json' }
import { createContract, createProduct, DAY, ORGANIZATIONS } from './commerce-support'
import { expect, test } from './fixtures'
import { entityIds } from './quality-support'
import { brokenWords, platform, uniqueCode } from './support'
import { createTask } from './tasks-support'

// 200 characters without a break: names, descriptions and addresses an operator cannot choose.
const LONG = (prefix: string) => `${prefix}${'x'.repeat(200 - prefix.length)}`
const LONG_URL = `https://example.com/${'a'.repeat(180)}`

async function sideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

test.describe('long content on a phone', () => {
  test('no screen scrolls sideways at 360 and 390 px with 200-character unbroken names, descriptions and URLs', async ({
    signedIn: page,
    request,
  }) => {
    test.setTimeout(240_000)
    const product = await createProduct(request, 'dataproduct', LONG('Product'))
    await platform(request, 'PATCH', `/api/sandbox/internal/products/v2/${product.id}`, {
      description: LONG('Description'),
      accessPoint: LONG_URL,
      imageUrl: LONG_URL,
      contactPersonName: LONG('Contact'),
    })
    await createContract(
      request,
      product.id,
      ORGANIZATIONS.second,
      new Date(Date.now() - DAY),
      new Date(Date.now() + 30 * DAY),
    )
    const format = await platform<{ id: string }>(
      request,
      'POST',
      '/api/sandbox/internal/products/v2/data-formats',
      {
        dataFormatCode: uniqueCode('LONG'),
        name: LONG('Format'),
        description: LONG('FormatDescription'),
      },
    )
    expect(format.status).toBe(201)
    const task = await createTask(request, {
      name: LONG('Task'),
      description: LONG('TaskDescription'),
      actions: [{ actionId: 'http-get', name: LONG('Action'), input: { url: LONG_URL } }],
      notifications: [{ url: LONG_URL, internal: false, detailLevel: 'full' }],
    })
    // A run, so the task's screens show a history with its long names too.
    const ran = await platform(request, 'POST', `/api/sandbox/tasks/${task.id}/run`, {})
    expect(ran.status).toBeLessThan(300)

    const screens: [string, string][] = [
      ['/products', LONG('Product')],
      [`/products/${product.id}`, LONG('Product')],
      [`/products/${product.id}/edit`, ''],
      ['/data-formats', LONG('Format')],
      [`/data-formats/${format.json.result?.id}/edit`, ''],
      ['/tasks', LONG('Task')],
      [`/tasks/${task.id}`, LONG('Task')],
      [`/tasks/${task.id}/edit`, ''],
      ['/events', ''],
      ['/monitoring', ''],
      ['/me', ''],
      ['/', ''],
    ]
    const wide: string[] = []
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 })
      for (const [path, text] of screens) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        if (text) await expect(page.getByText(text).first()).toBeVisible()
        const over = await sideways(page)
        if (over > 0) {
          const culprits = await page.evaluate(() => {
            const out: string[] = []
            for (const el of document.querySelectorAll('body *')) {
              const r = el.getBoundingClientRect()
              if (r.right <= window.innerWidth + 1) continue
              const parent = el.parentElement?.getBoundingClientRect()
              if (parent && parent.right > window.innerWidth + 1) continue
              out.push(
                `${el.tagName}.${String(el.getAttribute('class')).slice(0, 80)} w=${Math.round(r.width)}`,
              )
            }
            return out.slice(0, 6)
          })
          wide.push(`${path} at ${width}px: ${over}px too wide ${culprits.join(' | ')}`)
        }
      }
    }
    expect(wide).toEqual([])
  })

  test('every bar of the by-company chart is named at 360 and 390 px', async ({ signedIn: page }) => {
    for (const width of [360, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/monitoring')
      const card = page.getByTestId('companies-chart')
      await expect(card.getByRole('table').locator('tbody tr')).toHaveCount(5)
      const bars = 5
      await expect(card.locator('.uplot-box')).toHaveAttribute('data-ticks', String(bars))
      expect(await sideways(page)).toBeLessThanOrEqual(0)
    }
  })

  test.describe('in Finnish', () => {
    test.use({ consoleLocale: 'fi' })

    test('in Finnish at 360 and 390 px no word breaks inside itself, and Edit and Delete of /products stack in one column', async ({
      signedIn: page,
      request,
    }) => {
      test.setTimeout(180_000)
      const { dataproduct } = await entityIds(request)
      for (const width of [360, 390, 1280]) {
        await page.setViewportSize({ width, height: 800 })
        for (const path of ['/tasks', '/me', '/data-formats', `/products/${dataproduct}`, '/products']) {
          await page.goto(path)
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
          await expect(page.locator('#main [aria-busy="true"]')).toHaveCount(0)
          await expect(page.getByTestId('fetched-at').first()).toBeVisible()
          // Every word up to 16 characters (statuses, codes, headers, names, actions) keeps to one line;
          // a longer unbroken text is the user's and may wrap anywhere.
          const broken = await brokenWords(page.locator('#main'))
          if (width < 640) expect(broken, `words broken on ${path} at ${width} px`).toEqual([])
          expect(await sideways(page), `${path} at ${width} px`).toBeLessThanOrEqual(0)
        }
        // /products, the last: a row's Edit and Delete.
        const table = page.getByRole('table', { name: fi['page.products'] })
        const rows = table.getByTestId('catalog-row')
        await expect(rows.first()).toBeVisible()
        const edit = new RegExp(`^${fi['common.edit']}`)
        const remove = new RegExp(`^${fi['common.delete']}`)
        for (let i = 0; i < Math.min(3, await rows.count()); i++) {
          const row = rows.nth(i)
          const editBox = await row.getByRole('link', { name: edit }).boundingBox()
          const removeBox = await row.getByRole('button', { name: remove }).boundingBox()
          if (!editBox || !removeBox) throw new Error('Edit and Delete are shown')
          // One column: stacked on a phone, side by side on a desktop.
          if (width < 640)
            expect(removeBox.y, `stacked at ${width} px`).toBeGreaterThanOrEqual(editBox.y + editBox.height)
          else expect(Math.abs(removeBox.y - editBox.y), `side by side at ${width} px`).toBeLessThan(4)
        }
        // One cell holds a row's actions.
        const actionsCell = rows
          .first()
          .locator('td')
          .filter({ has: page.getByRole('link', { name: edit }) })
        await expect(actionsCell.getByRole('button', { name: remove })).toHaveCount(1)
      }
    })

    test('the run history at 360 px keeps every word whole and every column on the screen, with runs and without', async ({
      signedIn: page,
      made,
      request,
    }) => {
      const ran = await made.task({ name: uniqueCode('Ajettu') })
      for (let i = 0; i < 2; i++)
        expect((await platform(request, 'POST', `/api/sandbox/tasks/${ran.id}/run`, {})).status).toBe(200)
      const never = await made.task({ name: uniqueCode('Ajamaton') })
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 740 })
        for (const [task, filled] of [
          [ran, true],
          [never, false],
        ] as const) {
          await page.goto(`/tasks/${task.id}`)
          const history = page.getByRole('region', { name: fi['task.history'] })
          if (filled) await expect(history.getByTestId('task-run')).toHaveCount(2)
          else await expect(history.getByText(fi['run.none'])).toBeVisible()
          const where = `${filled ? 'runs' : 'no runs'} at ${width} px`
          expect(await brokenWords(history), `words broken, ${where}`).toEqual([])
          // The table fits its card: no column (the result last) is left out of sight.
          const table = history.locator('table')
          const hidden = await table.evaluate((el) => el.scrollWidth - (el.parentElement?.clientWidth ?? 0))
          expect(hidden, `table wider than its card, ${where}`).toBeLessThanOrEqual(0)
          if (filled) await expect(history.getByText('Ran Fetch').first()).toBeVisible()
          expect(await sideways(page), where).toBeLessThanOrEqual(0)
        }
      }
    })
  })
})
