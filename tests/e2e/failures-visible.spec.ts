import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import en from '../../lang/en.json' with { type: 'json' }
import fi from '../../lang/fi.json' with { type: 'json' }
import { createProduct } from './commerce-support'
import { expect, signInAs, test } from './fixtures'
import { entityIds, ROUTES, resolveRoute } from './quality-support'
import { ADMIN_TOKEN, platform } from './support'

// Answers checked at the door, failures never shown as "nothing there",
// Finnish complete (also what the platform and the transport say), dates in the chosen language.

test.use({ serviceWorkers: 'block', actionTimeout: 15_000 })

const GENERIC_EN = 'There was a problem with your request. Please try again later.'
const WRONG_SHAPE = JSON.stringify({ success: true, result: {} })

type Breakage = { name: string; answer: (route: import('@playwright/test').Route) => Promise<void> }
const fulfil =
  (status: number, body: string, contentType = 'application/json') =>
  (route: import('@playwright/test').Route) =>
    route.fulfill({ status, body, contentType })
const BREAKAGES: Breakage[] = [
  { name: '500', answer: fulfil(500, JSON.stringify({ success: false, message: 'Internal Server Error' })) },
  { name: '502 HTML', answer: fulfil(502, '<html><body>Bad Gateway</body></html>', 'text/html') },
  { name: 'truncated JSON', answer: fulfil(200, '{"success":true,"result":[{"id":"1","na') },
  { name: '200 wrong shape', answer: fulfil(200, WRONG_SHAPE) },
  { name: '403', answer: fulfil(403, JSON.stringify({ success: false, message: 'Access denied.' })) },
  { name: '404', answer: fulfil(404, JSON.stringify({ success: false, message: 'Task x was not found' })) },
  { name: 'no answer', answer: (route) => route.abort('failed') },
]

function watchCrashes(page: Page) {
  const crashes: string[] = []
  page.on('pageerror', (error) => crashes.push(error.message))
  return crashes
}

test.describe('answers are checked at the door', () => {
  const SCREENS: { path: string; call: string; heading: string }[] = [
    { path: '/tasks', call: '**/api/sandbox/tasks?*', heading: 'Tasks' },
    { path: '/events', call: '**/api/sandbox/events?*', heading: 'Events' },
    { path: '/monitoring', call: '**/api/sandbox/stats?*', heading: 'Monitoring' },
    { path: '/monitoring', call: '**/api/sandbox/getlasterrors?*', heading: 'Monitoring' },
    { path: '/', call: '**/api/sandbox/tasks?*', heading: 'Welcome' },
    { path: '/', call: '**/api/sandbox/getlasterrors?*', heading: 'Welcome' },
  ]
  for (const screen of SCREENS) {
    test(`${screen.path}: a 200 of the wrong shape from ${screen.call} is the generic failure, with a Retry that recovers`, async ({
      page,
    }) => {
      const crashes = watchCrashes(page)
      // Broken from the start: the sign-in lands on the home screen, whose answers would otherwise be
      // cached (and fresh) before the screen under test is opened.
      let broken = true
      await page.route(screen.call, (route) =>
        broken
          ? route.fulfill({ status: 200, body: WRONG_SHAPE, contentType: 'application/json' })
          : route.continue(),
      )
      await signInAs(page)
      await page.goto(screen.path)
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(screen.heading) })).toBeVisible()
      const notice = page.getByTestId('error-notice').filter({ hasText: GENERIC_EN }).first()
      await expect(notice).toBeVisible()
      await expect(page.getByText('e.map is not a function')).toHaveCount(0)
      broken = false
      await notice.getByRole('button', { name: 'Retry' }).click()
      await expect(page.getByTestId('error-notice').filter({ hasText: GENERIC_EN })).toHaveCount(0)
      expect(crashes, 'uncaught errors').toEqual([])
    })
  }

  test('a task detail whose run history has the wrong shape keeps the task and says the history failed', async ({
    page,
    request,
  }) => {
    const crashes = watchCrashes(page)
    const { task } = await entityIds(request)
    await signInAs(page)
    await page.route('**/api/sandbox/tasks/*/runs?*', fulfil(200, WRONG_SHAPE))
    await page.goto(`/tasks/${task}`)
    await expect(page.getByRole('heading', { name: 'Run history' })).toBeVisible()
    await expect(page.getByText(GENERIC_EN)).toBeVisible()
    await expect(page.getByText('No runs yet')).toHaveCount(0)
    expect(crashes, 'uncaught errors').toEqual([])
  })
})

test.describe('a failure is never shown as nothing there', () => {
  test('home: failed counts and last errors say so, with Retry, never "…" or "No errors"', async ({
    page,
  }) => {
    // Failing from the start: the sign-in lands on the home screen, whose answers would otherwise be
    // cached before it is opened again (and a failed refresh of cached data is another state).
    await page.route('**/api/sandbox/tasks?*', fulfil(500, JSON.stringify({ success: false, message: 'x' })))
    await page.route('**/api/sandbox/getlasterrors?*', fulfil(503, 'down', 'text/plain'))
    await signInAs(page)
    await page.goto('/')
    await expect(page.getByText('The platform ran into an internal error.')).toBeVisible()
    await expect(page.getByText('The platform cannot be reached right now.')).toBeVisible()
    await expect(page.getByTestId('tasks-running')).toHaveText(/Could not be counted/)
    await expect(page.getByTestId('tasks-running')).not.toHaveText('…')
    await expect(page.getByText('No errors')).toHaveCount(0)
    await page.unrouteAll()
    const retries = page.getByTestId('error-notice').getByRole('button', { name: 'Retry' })
    // A notice goes as its retry is answered, possibly between the count and the click.
    for (let i = 0; i < 4 && (await retries.count()) > 0; i++)
      await retries
        .first()
        .click({ timeout: 2000 })
        .catch(() => undefined)
    await expect(page.getByTestId('tasks-running')).toHaveText(/^\d+$/)
    await expect(page.getByTestId('error-notice')).toHaveCount(0)
  })

  test('run history: a 500 is a failure with Retry, not "No runs yet"', async ({ page, request }) => {
    const { task } = await entityIds(request)
    await signInAs(page)
    await page.route(
      '**/api/sandbox/tasks/*/runs?*',
      fulfil(500, JSON.stringify({ success: false, message: 'x' })),
    )
    await page.goto(`/tasks/${task}`)
    const history = page.locator('section', { has: page.getByRole('heading', { name: 'Run history' }) })
    await expect(history.getByText('The platform ran into an internal error.')).toBeVisible()
    await expect(history.getByRole('button', { name: 'Retry' }).first()).toBeVisible()
    await expect(page.getByText('No runs yet')).toHaveCount(0)
    await expect(history.getByText(/Page \d+ of \d+/)).toHaveCount(0)
  })

  test('a list with no answer yet is loading: no "0 items", no "Page 1 of 1", no "Nothing to show"', async ({
    page,
  }) => {
    await signInAs(page)
    for (const [path, call] of [
      ['/tasks', '**/api/sandbox/tasks?*'],
      ['/data-formats', '**/api/sandbox/products/v2/data-formats?*'],
      ['/products', '**/api/sandbox/products/v2?*'],
      ['/events', '**/api/sandbox/events?*'],
    ] as const) {
      await page.route(call, async (route) => {
        await new Promise((r) => setTimeout(r, 10_000))
        await route.continue().catch(() => {})
      })
      await page.goto(path)
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' }).first(), path).toBeVisible()
      await expect(page.getByText(/Page 1 of 1/), path).toHaveCount(0)
      await expect(page.getByText(/Showing 0 of 0|0 items/), path).toHaveCount(0)
      await expect(page.getByText('Nothing to show'), path).toHaveCount(0)
      await page.unrouteAll({ behavior: 'ignoreErrors' })
    }
  })

  test('offline with nothing saved says so and offers Retry; a failed list does not also say it is empty', async ({
    page,
  }) => {
    await signInAs(page)
    await page.route('**/api/sandbox/tasks?*', (route) => route.abort('internetdisconnected'))
    await page.goto('/tasks')
    await expect(page.getByText('No connection and nothing saved on this device yet.')).toBeVisible({
      timeout: 30_000,
    })
    await expect(page.getByRole('button', { name: 'Retry' }).first()).toBeVisible()
    await expect(page.getByText('Nothing to show')).toHaveCount(0)
  })
})

test.describe('Finnish is complete', () => {
  test('each kind of failure of the task list has a Finnish headline; the platform text is only a folded detail', async ({
    page,
  }) => {
    await signInAs(page, ADMIN_TOKEN, 'fi')
    const expected: Record<string, string> = {
      '500': fi['failure.500'],
      '502 HTML': fi['failure.502'],
      'truncated JSON': fi['failure.generic'],
      '200 wrong shape': fi['failure.generic'],
      '403': fi['error.accessDenied'],
      '404': fi['failure.404'],
      'no answer': fi['data.unavailable'],
    }
    for (const breakage of BREAKAGES) {
      await page.route('**/api/sandbox/tasks?*', breakage.answer)
      await page.goto('/tasks')
      const notice = page.getByTestId('error-notice').first()
      await expect(notice, breakage.name).toContainText(expected[breakage.name] ?? '', { timeout: 30_000 })
      await expect(notice.getByRole('button', { name: 'Yritä uudelleen' })).toBeVisible()
      // biome-ignore lint/performance/useDomNodeTextContent: only the visible text counts (a folded detail is not)
      const visible = await notice.evaluate((n) => (n as HTMLElement).innerText)
      expect(visible, breakage.name).not.toMatch(
        /Internal Server Error|Bad Gateway|Failed to fetch|was not found|Access denied|problem with your request/,
      )
      await page.unrouteAll({ behavior: 'ignoreErrors' })
    }
  })

  test('a refused token is translated by field and rule, the platform words kept as a detail', async ({
    page,
  }) => {
    await signInAs(page, ADMIN_TOKEN, 'fi')
    await page.route('**/app-tokens', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              success: false,
              message: 'expirationDate: must be in the future',
              error: {
                message: 'expirationDate: must be in the future',
                issues: [{ path: 'expirationDate', message: 'must be in the future' }],
              },
            }),
          })
        : route.continue(),
    )
    await page.goto('/me')
    const form = page.locator('form', {
      has: page.getByRole('heading', { name: fi['tokens.generateTitle'] }),
    })
    await form.getByRole('textbox', { name: fi['tokens.name'] }).fill('Raportti')
    await form.getByRole('button', { name: fi['tokens.generate'] }).click()
    const notice = form.getByTestId('error-notice')
    await expect(notice).toContainText(fi['failure.400'])
    await expect(notice).toContainText('Vanhenemispäivä: on oltava tulevaisuudessa')
    // biome-ignore lint/performance/useDomNodeTextContent: only the visible text counts (a folded detail is not)
    expect(await notice.evaluate((n) => (n as HTMLElement).innerText)).not.toContain('must be in the future')
    await notice.getByText(fi['failure.detail']).click()
    await expect(notice.getByText('expirationDate: must be in the future')).toBeVisible()
  })
})

test('an empty file is refused in Finnish, not with the platform\'s "The file is empty"', async ({
  page,
  request,
}) => {
  const transformer = await createProduct(request, 'transformer')
  await signInAs(page, ADMIN_TOKEN, 'fi')
  await page.goto(`/transformers/${transformer.id}/edit`)
  await page.getByRole('tab', { name: fi['catalog.tab.files'] }).click()
  const kind = fi['files.kind.inputRaw']
  await page
    .getByLabel(fi['files.choose'].replace('{kind}', kind))
    .setInputFiles({ name: 'tyhja.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) })
  await page.getByRole('button', { name: fi['files.upload'].replace('{kind}', kind) }).click()
  await expect(page.getByText(fi['failure.fileEmpty']).first()).toBeVisible()
  await expect(page.getByText(/The file is empty/)).toHaveCount(0)
})

// Text a Finnish screen must never show: HTTP reason phrases, transport messages and untranslated enums.
const ENGLISH_PHRASES = [
  /Internal Server Error/,
  /Bad Gateway/,
  /Service Unavailable/,
  /Failed to fetch/,
  /There was a problem with your request/,
  /Access denied\./,
  /was not found/,
  /must be in the future/,
  /The file is empty/,
  /^Not found$/,
  /^(success|warning|error|info|active|revoked|expired|running|stopped|tasks|task|data-format|products|contracts)$/,
  /^(Loading…|Retry|Error|Nothing to show)$/,
]
const englishOnly = new Set(
  Object.entries(en)
    .filter(([id, text]) => (fi as Record<string, string>)[id] !== text && text.length > 2)
    .map(([, text]) => text),
)

/** Every line of visible text, option and placeholder on the page. */
const visibleTexts = (page: Page) =>
  page.evaluate(() => {
    // biome-ignore lint/performance/useDomNodeTextContent: only the visible text counts (a folded detail is not)
    const lines = document.body.innerText.split('\n')
    for (const el of document.querySelectorAll('option')) lines.push(el.textContent ?? '')
    for (const el of document.querySelectorAll('[placeholder]'))
      lines.push(el.getAttribute('placeholder') ?? '')
    return lines.map((l) => l.trim()).filter(Boolean)
  })

/**
 * English the console shows: a catalog text, a reason phrase or an enum. A line the platform sent as
 * data in a successful answer (a name another test typed, such as 'Mine') is the user's text, not
 * the console's; the phrases and enums are flagged wherever they come from.
 */
function englishIn(lines: string[], data: ReadonlySet<string> = new Set()): string[] {
  return lines.filter(
    (line) => (englishOnly.has(line) && !data.has(line)) || ENGLISH_PHRASES.some((re) => re.test(line)),
  )
}

/** Every string value of the successful JSON answers the page receives (its data, not its words). */
function watchDataStrings(page: Page): Set<string> {
  const strings = new Set<string>()
  const collect = (value: unknown, key = ''): void => {
    if (typeof value === 'string') {
      if (key !== 'message') strings.add(value.trim())
    } else if (Array.isArray(value)) for (const v of value) collect(v, key)
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        strings.add(k) // a credential's name, say, is a key
        collect(v, k)
      }
  }
  page.on('response', (response) => {
    if (!response.url().includes('/api/') || !response.ok()) return
    if (!(response.headers()['content-type'] ?? '').includes('json')) return
    response
      .json()
      .then((body) => collect(body))
      .catch(() => {})
  })
  return strings
}

const WALKS: { name: string; answer?: Breakage['answer'] }[] = [
  { name: 'answering' },
  { name: 'every call 500', answer: BREAKAGES[0]?.answer },
  { name: 'every call a 200 of the wrong shape', answer: BREAKAGES[3]?.answer },
  { name: 'every call without an answer', answer: BREAKAGES[6]?.answer },
]
for (const walk of WALKS) {
  test(`Finnish walk of every screen, ${walk.name}: no English catalog text, reason phrase or enum`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000)
    const ids = await entityIds(request)
    const data = watchDataStrings(page)
    await signInAs(page, ADMIN_TOKEN, 'fi')
    const answer = walk.answer
    if (answer)
      await page.route('**/api/**', (route) =>
        // Keep the session: only the screens' calls break.
        /\/api\/PRODUCTION\/me|\/configs/.test(route.request().url()) ? route.continue() : answer(route),
      )
    // The detector itself: it flags English and passes Finnish.
    expect(englishIn(['Internal Server Error', en['common.loading'], 'revoked'])).toHaveLength(3)
    expect(englishIn([fi['common.loading'], fi['failure.500']])).toEqual([])
    const found: string[] = []
    for (const route of ROUTES) {
      if (route === '/login' || route === '/redirect') continue
      await page.goto(resolveRoute(route, ids))
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      await expect(page.getByText(fi['common.loading']))
        .toHaveCount(0, { timeout: 20_000 })
        .catch(() => {})
      await page.waitForTimeout(300)
      await expect(page.locator('html')).toHaveAttribute('lang', 'fi')
      const lines = await visibleTexts(page)
      expect(lines, `${route} shows Finnish text`).toContain(fi['page.tasks'])
      for (const line of englishIn(lines, data)) found.push(`${route}: ${line}`)
      // A native date input writes the browser's format (mm/dd/yyyy), not the chosen language's.
      if ((await page.locator('input[type=date]').count()) > 0) found.push(`${route}: a native date input`)
    }
    expect(found).toEqual([])
  })
}

test('the Finnish walk knows every screen of the console: each route file has its address in the walk', () => {
  const tree = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8')
  // Up to the interface's own closing brace: a path's `{-$id}` has one too.
  const block = /interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(tree)?.[1] ?? ''
  const paths = [...block.matchAll(/'([^']+)':/g)].map((m) => m[1] ?? '')
  expect(paths.length).toBeGreaterThan(20)
  const walked = ROUTES.map((r) => r.replace(/\{[a-z-]+\}/g, ':id'))
  const missing = paths.filter((path) => {
    const shapes = path.includes('{-$id}')
      ? [path.replace('/{-$id}', ''), path.replace('{-$id}', '$id')]
      : [path]
    return !shapes.every((shape) => {
      const address = shape.replace(/\/$/, '').replace(/\$id/g, ':id') || '/'
      return walked.includes(address)
    })
  })
  expect(missing).toEqual([])
})

const SIGNED_OUT_WALKS = [WALKS[0], WALKS[1], WALKS[3]]
for (const walk of SIGNED_OUT_WALKS) {
  test(`Finnish walk signed out (sign-in, its callback, the public catalog), ${walk?.name}: no English`, async ({
    page,
    request,
  }) => {
    const ids = await entityIds(request)
    const data = watchDataStrings(page)
    await page.addInitScript(() => localStorage.setItem('locale', 'fi'))
    const answer = walk?.answer
    if (answer) await page.route('**/api/**', (route) => answer(route))
    const found: string[] = []
    for (const route of ['/login', '/redirect', '/products', '/products/{dataproduct}', '/no-such-page']) {
      await page.goto(resolveRoute(route, ids))
      await expect(page.locator('html')).toHaveAttribute('lang', 'fi')
      if (route !== '/redirect') await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      await expect(page.getByText(fi['common.loading']))
        .toHaveCount(0, { timeout: 20_000 })
        .catch(() => {})
      await page.waitForTimeout(route === '/redirect' ? 1500 : 300)
      for (const line of englishIn(await visibleTexts(page), data)) found.push(`${route}: ${line}`)
    }
    expect(found).toEqual([])
  })
}

test.describe('dates follow the chosen language', () => {
  test('the events date filters read and write Finnish dates in a browser whose locale is English', async ({
    page,
  }) => {
    await signInAs(page, ADMIN_TOKEN, 'fi')
    await page.goto('/events')
    expect(await page.evaluate(() => navigator.language)).toMatch(/^en/)
    const from = page.getByLabel(fi['events.from'], { exact: true })
    await expect(from).toBeVisible()
    await expect(from).toHaveAttribute('placeholder', 'pp.kk.vvvv')
    await from.fill('5.1.2026')
    await from.blur()
    await expect(page).toHaveURL(/from=2026-01-05/)
    await expect(from).toHaveValue('5.1.2026')
    await from.fill('31.2.2026')
    await from.blur()
    await expect(page.getByText('Kirjoita päivämäärä muodossa pp.kk.vvvv')).toBeVisible()
  })

  test('the token and contract date fields are Finnish too, and no screen has a native date input', async ({
    page,
    request,
  }) => {
    const { dataproduct } = await entityIds(request)
    const name = `Päivä ${Date.now()}`
    await platform(request, 'POST', '/api/sandbox/v2/u0000000-0000-4000-8000-000000000001/app-tokens', {
      name,
      expirationDate: new Date(Date.now() + 10 * 864e5).toISOString(),
    })
    await signInAs(page, ADMIN_TOKEN, 'fi')
    const finnishDate = async (field: import('@playwright/test').Locator, where: string) => {
      await expect(field, where).toHaveAttribute('placeholder', 'pp.kk.vvvv')
      await expect(field, where).toHaveAttribute('type', 'text')
      await field.fill('5.1.2027')
      await field.blur()
      await expect(field, where).toHaveValue('5.1.2027')
      await field.fill('2027-02-31')
      await field.blur()
      await expect(page.getByText('Kirjoita päivämäärä muodossa pp.kk.vvvv').first(), where).toBeVisible()
    }
    await page.goto('/me')
    // The generated token's date.
    const generate = page.locator('form', {
      has: page.getByRole('heading', { name: fi['tokens.generateTitle'] }),
    })
    await finnishDate(generate.getByLabel(fi['tokens.expirationDate']), 'generate a token')
    // The renewal's date, offered in Finnish.
    await page
      .getByTestId('token-row')
      .filter({ hasText: name })
      .getByRole('button', { name: `Pidennä tunnisteen ${name} voimassaoloa` })
      .click()
    const renew = page.getByRole('dialog').getByLabel(fi['tokens.expirationDate'])
    await expect(renew).toHaveValue(/^\d{1,2}\.\d{1,2}\.\d{4}$/)
    await finnishDate(renew, 'renew a token')
    await page.keyboard.press('Escape')
    // A new contract's dates.
    await page.goto(`/products/${dataproduct}`)
    await page.getByRole('button', { name: fi['contract.new'] }).click()
    const contract = page.getByRole('group', { name: fi['contract.new'] })
    await finnishDate(contract.getByRole('textbox', { name: fi['contract.validFrom'] }), 'contract from')
    await finnishDate(contract.getByRole('textbox', { name: fi['contract.validTo'] }), 'contract to')
    await expect(contract.getByRole('textbox', { name: fi['contract.validTo'] })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await expect(page.locator('input[type=date]')).toHaveCount(0)
  })

  test('the cron description writes clock times as the rest of the Finnish console does', async ({
    page,
  }) => {
    await signInAs(page)
    await page.goto('/tasks/create')
    await page.getByRole('button', { name: 'Add scheduled job' }).click()
    const job = page.getByTestId('task-job')
    await job.getByLabel('Cron expression').fill('30 6 * * 1')
    const preview = job.getByTestId('cron-preview')
    await expect(preview).toContainText('At 06:30, only on Monday')
    await page.getByText('FI', { exact: true }).click()
    const finnishTime = await page.evaluate(() =>
      new Intl.DateTimeFormat('fi', { hour: '2-digit', minute: '2-digit' }).format(
        new Date(2026, 0, 5, 6, 30),
      ),
    )
    expect(finnishTime).toBe('06.30')
    await expect(preview).toContainText(`Klo ${finnishTime}`)
    await expect(preview).not.toContainText('06:30')
  })
})

test.describe('a refresh that fails over saved data', () => {
  const FAILURE_WORDS = [
    fi['data.notRefreshed'],
    fi['data.unavailable'],
    fi['error.accessDenied'],
    ...Object.entries(fi)
      .filter(([id]) => id.startsWith('failure.') && id !== 'failure.detail')
      .map(([, text]) => text),
  ]
  test('is announced once on every screen: one live region says it, each part shows it', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000)
    const ids = await entityIds(request)
    await signInAs(page, ADMIN_TOKEN, 'fi')
    const screens = [
      '/',
      '/tasks',
      `/tasks/${ids.task}`,
      `/tasks/${ids.task}/edit`,
      '/events',
      '/monitoring',
      '/products',
      `/products/${ids.dataproduct}`,
      `/products/${ids.dataproduct}/edit`,
      '/sources',
      `/sources/${ids.datasource}/edit`,
      '/data-formats',
      `/data-formats/${ids['data-format']}/edit`,
      '/me',
    ]
    const found: string[] = []
    for (const path of screens) {
      // Answering again: the screen's data is fetched and saved on the device.
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      await expect(page.getByTestId('fetched-at').first(), path).toBeVisible({ timeout: 20_000 })
      await page.waitForTimeout(1500) // the answers are saved on the device
      const failedCalls = new Set<string>()
      await page.route('**/api/**', (route) => {
        const url = new URL(route.request().url())
        if (/\/api\/PRODUCTION\/me|\/configs/.test(url.pathname)) return route.continue()
        failedCalls.add(url.pathname)
        return route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' })
      })
      await page.reload()
      await expect(page.getByText(fi['data.notRefreshed']).first(), path).toBeVisible({ timeout: 30_000 })
      await page.waitForTimeout(1000)
      const regions = await page.evaluate((words) => {
        const live = [
          ...document.querySelectorAll(
            '[role="alert"], [role="status"], [role="log"], [aria-live="polite"], [aria-live="assertive"]',
          ),
        ].filter(
          (el) =>
            !el.parentElement?.closest(
              '[role="alert"], [role="status"], [role="log"], [aria-live="polite"], [aria-live="assertive"]',
            ),
        )
        return (
          live
            // biome-ignore lint/performance/useDomNodeTextContent: only what is shown is announced
            .map((el) => (el as HTMLElement).innerText.trim())
            .filter((text) => words.some((w) => text.includes(w)))
        )
      }, FAILURE_WORDS)
      if (regions.length !== 1 || !regions[0]?.includes(fi['data.notRefreshed']))
        found.push(`${path} (${failedCalls.size} calls failed): ${JSON.stringify(regions)}`)
      // Said once, yet still seen on every part whose refresh failed (none of them says "failed" alone).
      await expect(page.getByTestId('error-notice'), path).toHaveCount(0)
      if (path === `/tasks/${ids.task}`) {
        // The task and its run history both failed: each says so, one is announced.
        await expect(page.getByText(fi['data.notRefreshed'])).toHaveCount(2)
        await expect(page.getByRole('status').filter({ hasText: fi['data.notRefreshed'] })).toHaveCount(1)
      }
    }
    expect(found).toEqual([])
  })
})
