import { expect, type Page, test } from '@playwright/test'
import {
  entityIds,
  expectNoAxeViolations,
  PUBLIC_ROUTES,
  ROUTES,
  resolveRoute,
  settle,
  VIEWPORTS,
} from './quality-support'
import { signInWithToken, useEnglish } from './support'

// Axe on every route of SPEC §2 (and /outbox), signed out and signed in, at 1280 and 390 px, plus the
// open states that matter (drawer, dialog, form errors). Failures name the screen, rule and element.
test.describe.configure({ timeout: 240_000 })

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
            await expect(page, `${route} signed out must redirect to /login`).toHaveURL(/\/login$/)
          }
          await settle(page, route)
          await expectNoAxeViolations(page, `signed out ${route} @${viewport.width}px`)
        })
      }
    })

    test('every route signed in passes axe', async ({ page, request }) => {
      const ids = await entityIds(request)
      await signInWithToken(page)
      for (const route of ROUTES) {
        const url = resolveRoute(route, ids)
        await test.step(`signed in ${route}`, async () => {
          await page.goto(url)
          await settle(page, route)
          await expectNoAxeViolations(page, `signed in ${route} @${viewport.width}px`)
        })
      }
    })

    test('open states: menu, delete dialog, forms with validation errors', async ({ page }) => {
      const where = (state: string) => `${state} @${viewport.width}px`
      await page.goto('/login')
      await settle(page)
      await page.getByRole('button', { name: 'Sign in with token' }).click()
      await expect(page.getByText('This field is required').first()).toBeVisible()
      await expectNoAxeViolations(page, where('/login with validation errors'))
      if (viewport.name === 'mobile') await openDrawer(page, where('/login drawer open (signed out)'))

      await signInWithToken(page)
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
