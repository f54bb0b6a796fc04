import type { Page } from '@playwright/test'
import { expect, signInAs, test } from './fixtures'
import {
  entityIds,
  expectNoAxeViolations,
  PUBLIC_ROUTES,
  ROUTES,
  resolveRoute,
  settle,
  VIEWPORTS,
} from './quality-support'
import { useEnglish } from './support'

// A missing control fails in seconds, with its name, rather than at the test's timeout.
test.use({ actionTimeout: 15_000 })

// Axe on every screen's route (and /outbox), signed out and signed in, at 1280 and 390 px, plus the
// open states that matter (drawer, dialog, form errors). Failures name the screen, rule and element.
// Thirty screens with axe each: about two minutes on an idle machine, twice that on a busy one.
test.describe.configure({ timeout: 420_000 })

test.beforeEach(async ({ page }) => {
  await useEnglish(page)
})

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('every route signed out: public screens pass axe, the others send to /login', async ({
      page,
      request,
    }) => {
      const ids = await entityIds(request)
      for (const route of ROUTES) {
        const url = resolveRoute(route, ids)
        await test.step(`signed out ${route}`, async () => {
          await page.goto(url)
          if (!PUBLIC_ROUTES.has(route)) {
            // /login itself is checked on its own line: here only the redirect matters.
            await expect(page, `${route} signed out must redirect to /login`).toHaveURL(/\/login$/)
            return
          }
          await settle(page, route)
          await expectNoAxeViolations(page, `signed out ${route} @${viewport.width}px`)
        })
      }
    })

    test('every route signed in passes axe', async ({ signedIn: page, request }) => {
      const ids = await entityIds(request)
      for (const route of ROUTES) {
        const url = resolveRoute(route, ids)
        await test.step(`signed in ${route}`, async () => {
          await page.goto(url)
          await settle(page, route)
          await expectNoAxeViolations(page, `signed in ${route} @${viewport.width}px`)
        })
      }
    })

    test('open states: menu drawer, delete dialog, form with validation errors', async ({ page }) => {
      const where = (state: string) => `${state} @${viewport.width}px`
      // The login form has no validation errors to show: its button waits for a token.
      await page.goto('/login')
      await settle(page)
      if (viewport.name === 'mobile') await openDrawer(page, where('/login drawer open (signed out)'))

      await signInAs(page)
      if (viewport.name === 'mobile') await openDrawer(page, where('/ drawer open (signed in)'))

      await page.goto('/data-formats')
      await settle(page)
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectNoAxeViolations(page, where('/data-formats delete confirmation open'))
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)

      await page.goto('/data-formats/create')
      await settle(page)
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByText('This field is required').first()).toBeVisible()
      await expectNoAxeViolations(page, where('/data-formats/create with validation errors'))
    })
  })
}

async function openDrawer(page: Page, where: string) {
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expectNoAxeViolations(page, where)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

interface Stop {
  where: string
  snapshot: string
  focusVisible: boolean
}

/** Tabs through the page until focus comes back round; records each stop's name and focus style. */
async function tabThrough(page: Page, max = 80): Promise<Stop[]> {
  const stops: Stop[] = []
  const seen = new Set<string>()
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const focused = page.locator(':focus')
    if ((await focused.count()) === 0) continue
    const info = await focused.evaluate((el) => {
      const path: string[] = []
      for (let n: Element | null = el; n && n !== document.body; n = n.parentElement) {
        path.unshift(n.id ? `${n.tagName.toLowerCase()}#${n.id}` : n.tagName.toLowerCase())
      }
      const style = getComputedStyle(el)
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
      const ring = style.boxShadow !== 'none' && style.boxShadow !== ''
      const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''
      return { where: `${path.slice(-3).join(' > ')} "${label}"`, focusVisible: outline || ring }
    })
    if (seen.has(info.where)) break
    seen.add(info.where)
    stops.push({ ...info, snapshot: (await focused.ariaSnapshot()).split('\n')[0] ?? '' })
  }
  return stops
}

/** What is wrong with a screen's Tab stops: too few, a control without a name, a focus not shown. */
function keyboardProblems(stops: Stop[], screen: string): string[] {
  const problems: string[] = []
  if (stops.length <= 3) problems.push(`${screen}: Tab reaches only ${stops.length} controls`)
  for (const s of stops) {
    if (!/"[^"]+"/.test(s.snapshot) && !/: .+/.test(s.snapshot))
      problems.push(`${screen}: control without a name at ${s.where} (${s.snapshot})`)
    if (!s.focusVisible) problems.push(`${screen}: no visible focus indicator at ${s.where}`)
  }
  return problems
}

function expectNamedAndVisible(stops: Stop[], screen: string) {
  expect(keyboardProblems(stops, screen)).toEqual([])
}

test('keyboard: the shell and the data-format form are reachable, named and show focus', async ({
  signedIn: page,
}) => {
  await page.goto('/data-formats/create')
  await settle(page)
  expectNamedAndVisible(await tabThrough(page), '/data-formats/create @1280px')

  // The form works by keyboard alone: type, tab on, submit with Enter.
  const code = `KEY_${Date.now().toString(36)}`
  await page.getByLabel('Code').focus()
  await page.keyboard.type(code)
  await page.keyboard.press('Tab')
  await page.keyboard.type('Typed by keyboard')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('row').filter({ hasText: code })).toBeVisible()
})

test.describe('keyboard at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  test('the menu drawer opens by keyboard, its entries are named and show focus', async ({
    signedIn: page,
  }) => {
    await settle(page)
    await page.getByRole('button', { name: 'Open menu' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog')).toBeVisible()
    expectNamedAndVisible(await tabThrough(page, 40), 'menu drawer @390px')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})

// Every screen, not only the form above: each Tab stop on the way round the page (menu, top bar, the
// screen's own controls) has a name and a visible focus, signed out and signed in.
test('keyboard: on every screen each Tab stop is named and shows its focus', async ({ page, request }) => {
  test.setTimeout(360_000)
  const ids = await entityIds(request)
  const problems: string[] = []
  const visit = async (route: string, state: string) => {
    await test.step(`${state} ${route}`, async () => {
      await page.goto(resolveRoute(route, ids))
      await settle(page, route)
      problems.push(...keyboardProblems(await tabThrough(page), `${state} ${route}`))
    })
  }
  for (const route of ROUTES) {
    if (PUBLIC_ROUTES.has(route) && route !== '/redirect') await visit(route, 'signed out')
  }
  await signInAs(page)
  for (const route of ROUTES) {
    // /login and the sign-in callback send a signed-in user on; they were seen signed out.
    if (route !== '/login' && route !== '/redirect') await visit(route, 'signed in')
  }
  expect(problems).toEqual([])
})
