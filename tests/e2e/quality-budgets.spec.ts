import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, type Page, test } from '@playwright/test'
import { forgetScreens, signInWithToken, useEnglish } from './support'

// Byte budgets, measured on the build the e2e server serves (dist/).
// The budget for the first screen is 150 KB. The boot reads the session and the query cache through idb-keyval and
// Dexie loads only for a signed-in user, a screen loads only its own part of the language catalog, and the routes'
// search rules and the shell import no API module, so /login needs about 148 KB (React DOM, the router, intl).
const LOGIN_BUDGET_KB = 150
const CHUNK_BUDGET_KB = 100
const ASSETS = 'dist/assets'

/** Strings only these libraries' code contains (minifiers keep them): they mark heavy code in a chunk. */
const HEAVY_MARKERS: Record<string, string[]> = {
  uPlot: ['u-over', 'u-legend'],
  '@tanstack/react-form': ['onSubmitAsync', 'fieldMeta'],
  // The forms' zod: its core, and the methods of its classic schemas.
  zod: ['$ZodType'],
  'classic zod': ['nonempty'],
  // The answers' checks.
  valibot: ['loose_object'],
  // The outbox database: a signed-in user's, never loaded for a visitor.
  Dexie: ['__dbnames', 'DexieError'],
  // Radix's dialog (its focus guards): a screen's dialogs load once it is shown, not before its rows.
  'Radix dialog': ['data-radix-focus-guard'],
}

const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1024
const kb = (n: number) => `${n.toFixed(1)} KB`

function heavyIn(code: string): string[] {
  return Object.entries(HEAVY_MARKERS)
    .filter(([, markers]) => markers.some((m) => code.includes(m)))
    .map(([name]) => name)
}

/** The entry chunk(s) index.html loads: the console's shell, measured by the /login budget instead. */
function entryChunks(): Set<string> {
  const html = readFileSync('dist/index.html', 'utf8')
  return new Set([...html.matchAll(/src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] as string))
}

test('no route chunk is over 100 KB gzip', () => {
  const entries = entryChunks()
  expect(entries.size, 'dist/index.html names its entry script (run the build first)').toBeGreaterThan(0)
  const sizes = readdirSync(ASSETS)
    .filter((f) => f.endsWith('.js') && !entries.has(f))
    .map((f) => ({ file: f, kb: gzipKb(readFileSync(join(ASSETS, f))) }))
    .sort((a, b) => b.kb - a.kb)
  console.log(
    `largest chunks: ${sizes
      .slice(0, 5)
      .map((s) => `${s.file} ${kb(s.kb)}`)
      .join(', ')}`,
  )
  const over = sizes.filter((s) => s.kb > CHUNK_BUDGET_KB).map((s) => `${s.file}: ${kb(s.kb)} gzip`)
  expect(over, `chunks over ${CHUNK_BUDGET_KB} KB gzip`).toEqual([])
})

/** Every script the page loads, by path. */
function recordScripts(page: Page): Map<string, Promise<Buffer>> {
  const scripts = new Map<string, Promise<Buffer>>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.endsWith('.js') && response.request().resourceType() === 'script') {
      scripts.set(url.pathname, response.body())
    }
  })
  return scripts
}

test.describe('first load, signed out', () => {
  // The service worker would precache every chunk: block it to see what the page itself needs.
  test.use({ serviceWorkers: 'block' })

  test('/login loads at most 150 KB of JavaScript (gzip), without uPlot, form code or Dexie', async ({
    page,
  }) => {
    await useEnglish(page)
    const scripts = recordScripts(page)
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Sign in with token' })).toBeVisible()
    await page.waitForTimeout(1000)

    let total = 0
    const heavy: string[] = []
    const lines: string[] = []
    for (const [path, body] of scripts) {
      const bytes = await body
      const size = gzipKb(bytes)
      total += size
      lines.push(`${path} ${kb(size)}`)
      for (const name of heavyIn(bytes.toString('utf8'))) heavy.push(`${name} in ${path}`)
    }
    console.log(`/login JavaScript: ${kb(total)} gzip in ${scripts.size} files\n  ${lines.join('\n  ')}`)
    expect(scripts.size, 'the /login load was recorded').toBeGreaterThan(0)
    expect(heavy, 'uPlot, form code and Dexie are not in the first load of /login').toEqual([])
    // The shell's later messages come, no screen's dialogs' words.
    const map = builtChunkMap()
    const screens = new Set(Object.values(map.lang.en?.routesLater ?? {}).map((at) => `/${map.files[at]}`))
    expect(screens.size, 'screens have later parts').toBeGreaterThan(0)
    expect([...scripts.keys()].filter((path) => screens.has(path))).toEqual([])
    expect(total, `/login JavaScript (gzip KB): ${lines.join(', ')}`).toBeLessThanOrEqual(LOGIN_BUDGET_KB)
  })

  test('the public product list loads no Dexie and opens no outbox database', async ({ page }) => {
    await useEnglish(page)
    const scripts = recordScripts(page)
    await page.goto('/products')
    await expect(page.getByRole('heading', { name: 'Data Products', level: 1 })).toBeVisible()
    // Past the boot's idle-time work (requestIdleCallback, 2 s at most).
    await page.waitForTimeout(2500)
    const dexie: string[] = []
    for (const [path, body] of scripts)
      if (heavyIn((await body).toString('utf8')).includes('Dexie')) dexie.push(path)
    expect(scripts.size, 'the /products load was recorded').toBeGreaterThan(0)
    expect(dexie, 'Dexie is not loaded for a visitor').toEqual([])
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
    expect(databases).not.toContain('orchestrator')
  })
})

/**
 * The scripts a page had asked for when the first element matching `selector` appeared (noted by an
 * observer in the page, not when the test sees it), read from the build the server serves.
 */
async function scriptsBeforeFirst(page: Page, path: string, selector: string) {
  await page.addInitScript((selector) => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector(selector)) return
      ;(window as { firstRowAt?: number }).firstRowAt = performance.now()
      seen.disconnect()
    })
    seen.observe(document, { childList: true, subtree: true })
  }, selector)
  await page.goto(path)
  await expect(page.locator(selector).first()).toBeVisible({ timeout: 30_000 })
  const files = await page.evaluate(() => {
    const at = (window as { firstRowAt?: number }).firstRowAt ?? 0
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime < at && /\/assets\/[^/]+\.js$/.test(new URL(e.name).pathname))
      .map((e) => new URL(e.name).pathname.replace('/assets/', ''))
  })
  return files.map((file) => ({ file, code: readFileSync(join(ASSETS, file), 'utf8') }))
}

test.describe('before the first row', () => {
  test.use({ serviceWorkers: 'block' })

  for (const { name, path, row, signedIn } of [
    {
      name: 'the public product list',
      path: '/products',
      // The console's own row: the platform's picture of the list comes before any script.
      row: '#root > :not([data-static-frame]) [data-testid="catalog-row"]',
      signedIn: false,
    },
    { name: 'the task list, signed in', path: '/tasks', row: '[data-testid="task-row"]', signedIn: true },
  ]) {
    test(`${name} loads the answers' checks, not the forms' zod`, async ({ page }) => {
      await useEnglish(page)
      if (signedIn) await signInWithToken(page)
      const scripts = await scriptsBeforeFirst(page, path, row)
      expect(scripts.length, `${path}: scripts before the first row were recorded`).toBeGreaterThan(0)
      const zod = scripts.filter((s) => heavyIn(s.code).some((lib) => /zod/.test(lib))).map((s) => s.file)
      expect(zod, `${path}: the forms' zod before the first row`).toEqual([])
      // The answers are checked at the door: their checks did come.
      expect(scripts.some((s) => heavyIn(s.code).includes('valibot'))).toBe(true)
    })

    test(`${name} fetches the messages of what it loads on demand after its first row`, async ({ page }) => {
      await useEnglish(page)
      if (signedIn) await signInWithToken(page)
      const later = laterMessagesFile('en')
      const scripts = await scriptsBeforeFirst(page, path, row)
      expect(scripts.length, `${path}: scripts before the first row were recorded`).toBeGreaterThan(0)
      expect(scripts.map((s) => s.file)).not.toContain(later)
      // Once the screen is shown they come, before any dialog or failure needs them.
      await expect
        .poll(() =>
          page.evaluate(
            (file) =>
              performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/assets/${file}`)),
            later,
          ),
        )
        .toBe(true)
    })
  }
})

test.describe('dialogs on demand', () => {
  test.use({ serviceWorkers: 'block' })

  for (const { path, pattern, row, open, dialog } of [
    {
      path: '/data-formats',
      pattern: 'data-formats',
      row: '[data-testid="data-format-row"]',
      open: (page: Page) =>
        page
          .getByTestId('data-format-row')
          .first()
          .getByRole('button', { name: /Delete/ }),
      dialog: /^Delete /,
    },
    {
      path: '/events',
      pattern: 'events',
      row: '[data-testid="event-row"]',
      open: (page: Page) => page.getByTestId('event-row').first().getByRole('button').first(),
      dialog: undefined,
    },
  ]) {
    test(`${path} fetches its dialog's code after its first row, and the dialog opens`, async ({ page }) => {
      await useEnglish(page)
      await signInWithToken(page)
      const scripts = await scriptsBeforeFirst(page, path, row)
      expect(scripts.length, `${path}: scripts before the first row were recorded`).toBeGreaterThan(0)
      const dialogs = scripts.filter((s) => heavyIn(s.code).includes('Radix dialog')).map((s) => s.file)
      expect(dialogs, `${path}: a dialog's code before the first row`).toEqual([])
      // What only the dialog says is in the screen's own later part, not in its first messages.
      const words = laterMessagesFile('en', pattern)
      expect(scripts.map((s) => s.file)).not.toContain(words)
      // Both fetched once the screen is shown: a click finds them in.
      const dialogFile = readdirSync(ASSETS).find(
        (f) => f.endsWith('.js') && heavyIn(readFileSync(join(ASSETS, f), 'utf8')).includes('Radix dialog'),
      )
      for (const file of [dialogFile, words])
        await expect
          .poll(() =>
            page.evaluate(
              (file) =>
                performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/assets/${file}`)),
              file,
            ),
          )
          .toBe(true)
      await open(page).click()
      await expect(page.getByRole('dialog', dialog ? { name: dialog } : {})).toBeVisible()
    })
  }
})

/** The chunk map of the build the server serves. */
function builtChunkMap() {
  const html = readFileSync('dist/index.html', 'utf8')
  const json = /<script type="application\/json" id="chunk-map">([^<]*)<\/script>/.exec(html)?.[1]
  return JSON.parse(json ?? '{}') as {
    files: string[]
    lang: Record<string, { later?: number; routesLater?: Record<string, number> }>
  }
}

/**
 * The file of a language's later catalog part (what the shell's code loaded on demand says), or with
 * `screen` (a route pattern) that screen's own (what its dialogs say), from the chunk map.
 */
function laterMessagesFile(locale: string, screen?: string): string {
  const map = builtChunkMap()
  const at = screen === undefined ? map.lang[locale]?.later : map.lang[locale]?.routesLater?.[screen]
  if (at === undefined)
    throw new Error(`no later catalog part for ${locale} ${screen ?? ''} in the chunk map`)
  return (map.files[at] ?? '').replace('assets/', '')
}

/** The live stream's reader (what only its chunk holds): the header it resumes with. */
const LIVE_MARKER = 'Last-Event-ID'

test.describe('after the first row', () => {
  test.use({ serviceWorkers: 'block' })

  test('what loads after the first screen cannot break it: its chunks refused, the screen stays and a failure is said', async ({
    page,
  }) => {
    await useEnglish(page)
    await signInWithToken(page)
    // Offline with no service worker, or a chunk gone: the deferred parts' code does not come.
    await page.route(/\/assets\/(pwa-controls|no-offline-copy|error-notice|error-text)-[^/]+\.js$/, (route) =>
      route.abort(),
    )
    await page.route(/\/api\/sandbox\/tasks(\?|$)/, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Down for a while"}' }),
    )
    await page.goto('/tasks')
    const notice = page.getByTestId('error-notice')
    await expect(notice).toBeVisible({ timeout: 30_000 })
    await expect(notice.getByRole('button', { name: 'Retry' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible()
    await expect(page.getByText(/dynamically imported module/)).toHaveCount(0)
  })

  test("a cold signed-in task list requests none of the live stream's code before its first row", async ({
    page,
  }) => {
    await useEnglish(page)
    await signInWithToken(page)
    await forgetScreens(page)
    // A platform slow to answer the list: code fetched while its rows are awaited is counted too.
    await page.route(/\/api\/sandbox\/tasks(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    // Awaited from the start: the stream may open while the scripts before the row are still counted.
    const streamOpens = page.waitForResponse(
      (r) => /\/api\/sandbox\/live$/.test(r.url()) && r.status() === 200,
      { timeout: 30_000 },
    )
    const scripts = await scriptsBeforeFirst(page, '/tasks', '[data-testid="task-row"]')
    expect(scripts.length, 'scripts before the first row were recorded').toBeGreaterThan(0)
    const live = scripts.filter((s) => s.code.includes(LIVE_MARKER)).map((s) => s.file)
    expect(live, 'live stream chunks requested before the first task row').toEqual([])
    // It does come once the screen is shown: the stream opens.
    await streamOpens
  })

  test('the live marker is in the built live chunk and in no other', () => {
    const marked = readdirSync(ASSETS).filter(
      (f) => f.endsWith('.js') && readFileSync(join(ASSETS, f), 'utf8').includes(LIVE_MARKER),
    )
    expect(marked).toHaveLength(1)
    expect(readFileSync(join(ASSETS, marked[0] as string), 'utf8')).toContain('text/event-stream')
  })
})

test('the heavy-code markers still find their libraries (so the check above can fail)', () => {
  const form = readFileSync('node_modules/@tanstack/form-core/dist/esm/FormApi.js', 'utf8')
  const zod = readdirSync('node_modules/zod/v4/core')
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join('node_modules/zod/v4/core', f), 'utf8'))
    .join('\n')
  const uplot = readFileSync('node_modules/uplot/dist/uPlot.esm.js', 'utf8')
  // What `import 'dexie'` bundles: its import-wrapper.mjs re-exports dist/dexie.js.
  const dexie = readFileSync('node_modules/dexie/dist/dexie.js', 'utf8')
  expect(heavyIn(form)).toContain('@tanstack/react-form')
  expect(heavyIn(zod)).toContain('zod')
  expect(heavyIn(zod)).not.toContain('classic zod')
  expect(heavyIn(zod)).not.toContain('valibot')
  expect(heavyIn(readFileSync('node_modules/valibot/dist/index.mjs', 'utf8'))).toEqual(['valibot'])
  expect(heavyIn(readFileSync('node_modules/zod/v4/classic/schemas.js', 'utf8'))).toContain('classic zod')
  expect(heavyIn(uplot)).toContain('uPlot')
  expect(heavyIn(dexie)).toContain('Dexie')
  expect(heavyIn(readFileSync('node_modules/@radix-ui/react-focus-guards/dist/index.mjs', 'utf8'))).toEqual([
    'Radix dialog',
  ])
})
