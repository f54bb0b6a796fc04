import fi from '../../lang/fi.json' with { type: 'json' }
import { crowdedDestructive, PHONE, smallTargets } from './field-support'
import { expect, signInAs, test } from './fixtures'
import { entityIds, PUBLIC_ROUTES, ROUTES, resolveRoute, settle } from './quality-support'
import { ADMIN_TOKEN, uniqueCode, useEnglish, waitForServiceWorker } from './support'

// Made for a thumb. At 360 px every visible control has a target of at least
// 44×44 px (links inside running text aside), on every route, signed in and out, with the menu drawer
// and every form tab open; destructive actions stand apart; the filter cards of /tasks and /events
// fold into "Filters (n)"; the organization selector shows initials and, on focus, the name.

test.use(PHONE)

test('at 360 px no route has a control smaller than 44×44 px, and destructive actions stand apart', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000)
  const ids = await entityIds(request)
  await useEnglish(page)
  const counts: Record<string, string[]> = {}
  const crowded: string[] = []
  const measure = async (name: string) => {
    counts[name] = await smallTargets(page)
    for (const line of await crowdedDestructive(page)) crowded.push(`${name}: ${line}`)
  }
  for (const route of ROUTES.filter((r) => PUBLIC_ROUTES.has(r) && r !== '/redirect')) {
    await page.goto(resolveRoute(route, ids))
    await settle(page, route)
    await measure(`${route} (signed out)`)
  }
  await signInAs(page)
  for (const route of ROUTES) {
    if (route === '/login' || route === '/redirect') continue
    await page.goto(resolveRoute(route, ids))
    await settle(page, route)
    await measure(route)
    // Folded parts count too: each form tab, and the filters.
    for (const tab of await page.getByRole('tab').all()) {
      if ((await tab.getAttribute('aria-selected')) === 'true') continue
      await tab.tap()
      await measure(`${route} [${(await tab.textContent())?.trim()}]`)
    }
    const filters = page.getByTestId('filters-toggle')
    if (await filters.count()) {
      await filters.tap()
      await measure(`${route} [filters]`)
    }
  }
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).tap()
  await expect(page.getByRole('dialog')).toBeVisible()
  await measure('menu drawer')
  const total = Object.values(counts).reduce((n, list) => n + list.length, 0)
  console.log(
    `small targets at 360 px: ${total} across ${Object.keys(counts).length} screens\n${Object.entries(counts)
      .map(
        ([route, list]) =>
          `  ${route}: ${list.length}${list.length ? ` (${list.slice(0, 6).join('; ')})` : ''}`,
      )
      .join('\n')}`,
  )
  expect(total, 'controls under 44×44 px at 360 px').toBe(0)
  expect(crowded, 'destructive actions within 16 px of another control').toEqual([])
})

test('at 360 px the filters of /tasks and /events fold into "Filters (n)" and the list starts on the first screen', async ({
  signedIn: page,
}) => {
  await page.goto('/tasks')
  const toggle = page.getByRole('button', { name: 'Filters (0)' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByLabel('Search')).toBeHidden()
  const firstRow = await page.getByTestId('task-row').first().boundingBox()
  expect((firstRow?.y ?? 9999) + (firstRow?.height ?? 0), 'first task row on the first screen').toBeLessThan(
    740,
  )
  await toggle.tap()
  // The box shows the address's filter: it is checked once the navigation it starts has run.
  await page.getByRole('checkbox', { name: 'Running' }).click()
  await expect(page.getByRole('checkbox', { name: 'Running' })).toBeChecked()
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true')
  await expect(page).toHaveURL(/status=running/)
  await page.goto('/events?status=error')
  await expect(page.getByRole('button', { name: /^Filters \([1-9]\)$/ })).toBeVisible()
  const firstEvent = await page.getByTestId('event-row').first().boundingBox()
  expect((firstEvent?.y ?? 9999) + (firstEvent?.height ?? 0), 'first event on the first screen').toBeLessThan(
    740,
  )
  // From 640 px the card shows as it is.
  await page.setViewportSize({ width: 1024, height: 800 })
  await expect(page.getByTestId('filters-toggle')).toHaveCount(0)
})

test('the organization selector shows initials on a phone, the name on focus, and the name in full on a desktop', async ({
  signedIn: page,
}) => {
  await page.goto('/tasks')
  const select = page.getByRole('combobox', { name: 'Organization' })
  await select.selectOption({ label: 'Ääneseudun Energia' })
  await page.waitForLoadState('load')
  await expect(page.getByTestId('organization-initials')).toHaveText('ÄE')
  const box = await select.boundingBox()
  expect(box?.width).toBeGreaterThanOrEqual(44)
  expect(box?.height).toBeGreaterThanOrEqual(44)
  await expect(page.getByTestId('organization-name')).toBeHidden()
  await select.focus()
  await expect(page.getByTestId('organization-name')).toHaveText('Ääneseudun Energia')
  await expect(page.getByTestId('organization-name')).toBeVisible()
  // The name stays the select's own text for assistive technology.
  await expect(select.locator('option:checked')).toHaveText('Ääneseudun Energia')
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByTestId('organization-initials')).toBeHidden()
  const fits = await select.evaluate((el) => {
    const s = el as HTMLSelectElement
    const probe = document.createElement('span')
    probe.style.font = getComputedStyle(s).font
    probe.textContent = s.selectedOptions[0]?.text ?? ''
    document.body.append(probe)
    const width = probe.getBoundingClientRect().width
    probe.remove()
    // A select's client width leaves out its arrow; its text has that less its padding.
    const style = getComputedStyle(s)
    return (
      width <= s.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
    )
  })
  expect(fits, 'the chosen name shows in full').toBe(true)
})

test('at 360 px in Finnish, offline with a change waiting, the top bar keeps every control whole and on the screen', async ({
  page,
  context,
  made,
}) => {
  const task = await made.task({ name: uniqueCode('Odottaa') })
  await signInAs(page, ADMIN_TOKEN, 'fi')
  await page.goto(`/tasks/${task.id}/edit`)
  await waitForServiceWorker(page)
  const description = page.getByLabel(fi['task.description']).first()
  await expect(description).toBeVisible()
  await context.setOffline(true)
  const offline = page.getByTestId('offline-status')
  await expect(offline).toBeVisible()
  await description.fill('Tallennettu ilman yhteyttä')
  await page.getByRole('button', { name: fi['common.save'] }).click()
  const header = page.locator('header')
  // Nothing hidden: offline since when, and the change waiting, with the controls beside them.
  await expect(header.getByRole('link', { name: '1 muutos odottaa' })).toBeVisible()
  await expect(offline).toContainText(/Ei yhteyttä\s*\d{1,2}[:.]\d{2} alkaen/)
  // Against the phone's own 360 px: a mobile browser widens its viewport to a page wider than that.
  const width = PHONE.viewport?.width ?? 360
  const cut = await header.evaluate((bar, width) => {
    const out: string[] = []
    for (const el of bar.querySelectorAll('a[href], button, select, label:has(> input)')) {
      const r = el.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1) continue
      if (r.left < 0 || r.right > width || r.width < 44 || r.height < 44)
        out.push(
          `"${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.left)}–${Math.round(r.right)} px, ${Math.round(r.width)}×${Math.round(r.height)}`,
        )
    }
    return out
  }, width)
  expect(cut, 'top bar controls cut, off the screen or under 44×44 px').toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  await context.setOffline(false)
})
