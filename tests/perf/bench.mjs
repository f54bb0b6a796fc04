// npm run bench: figures of the console against the reference platform in Debian's Chromium.
// Prints; asserts nothing (CONVENTIONS 15). Needs a build (npm run build).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const port = 4330
const base = `http://localhost:${port}`
const chrome = [process.env.CHROME_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p))
if (!chrome || !existsSync('dist/index.html')) {
  console.error('bench needs Chromium (CHROME_PATH or /usr/bin/chromium) and a build (npm run build)')
  process.exit(1)
}
// Node itself, not npx: killing npx would leave the platform running and this script waiting on it.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')),
    PUBLIC_URL: base,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
})
await new Promise((resolve) =>
  server.stdout.on('data', (d) => String(d).includes('Orchestrator console') && resolve()),
)

const browser = await chromium.launch({
  executablePath: chrome,
  args: ['--no-sandbox', '--disable-background-networking'],
})
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const fmt = (ms) => `${ms.toFixed(0)} ms`
const rows = []
const report = (name, value, note = '') => rows.push([name, value, note])

async function signedInContext() {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.addInitScript(() => localStorage.getItem('locale') || localStorage.setItem('locale', 'en'))
  await page.goto(`${base}/login`)
  await page.getByLabel('Access token').fill('demo-admin-token')
  await page.getByRole('button', { name: 'Sign in with token' }).click()
  await page.waitForURL(`${base}/`)
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller)
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      )
    return registration.active?.state
  })
  // The outbox database (Dexie) is opened once the signed-in console's first screen is up.
  await page.waitForFunction(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('orchestrator')
        // Opened without a version, an upgrade means there is none yet: never make it here.
        open.onupgradeneeded = () => open.transaction.abort()
        open.onerror = () => resolve(false)
        open.onsuccess = () => {
          resolve(open.result.objectStoreNames.contains('outbox'))
          open.result.close()
        }
      }),
  )
  return { context, page }
}

/** Navigation start to the first list row, in a new tab of a context whose worker is installed. */
async function firstRow(context, url, selector) {
  const page = await context.newPage()
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForSelector(selector)
  const ms = await page.evaluate(() => performance.now())
  await page.close()
  return ms
}

{
  const { context, page } = await signedInContext()
  await page.goto(`${base}/data-formats`)
  await page.waitForSelector('[data-testid="data-format-row"]')
  await page.waitForTimeout(500)
  const online = []
  const blank = []
  for (let i = 0; i < 5; i += 1)
    online.push(await firstRow(context, `${base}/data-formats`, '[data-testid="data-format-row"]'))
  for (let i = 0; i < 5; i += 1) blank.push(await firstRow(context, `${base}/blank.html`, 'p'))
  await context.setOffline(true)
  const offline = []
  const blankOffline = []
  for (let i = 0; i < 5; i += 1)
    offline.push(await firstRow(context, `${base}/data-formats`, '[data-testid="data-format-row"]'))
  for (let i = 0; i < 5; i += 1) blankOffline.push(await firstRow(context, `${base}/blank.html`, 'p'))
  report(
    'first list row, online (median of 5)',
    fmt(median(online)),
    `blank page floor ${fmt(median(blank))}`,
  )
  report(
    'first list row, offline (median of 5)',
    fmt(median(offline)),
    `blank page floor ${fmt(median(blankOffline))}`,
  )
  await context.close()
}

{
  // 500 queued creates replayed by the outbox, against a plain sequential fetch loop of the same calls.
  const { context, page } = await signedInContext()
  const stamp = Date.now().toString(36)
  await context.setOffline(true)
  await page.evaluate(
    ({ stamp }) =>
      new Promise((resolve) => {
        const open = indexedDB.open('orchestrator')
        open.onsuccess = () => {
          const store = open.result.transaction('outbox', 'readwrite').objectStore('outbox')
          for (let i = 0; i < 500; i += 1) {
            const id = crypto.randomUUID()
            store.add({
              id,
              userId: 'u0000000-0000-4000-8000-000000000001',
              organizationId: localStorage.getItem('organizationId') ?? '',
              env: 'sandbox',
              version: 'v2',
              method: 'POST',
              path: '/api/sandbox/internal/products/v2/data-formats',
              body: { dataFormatCode: `R${stamp}_${i}`, name: `Replay ${i}` },
              resource: 'data-formats',
              entityId: `local:${id}`,
              label: `Replay ${i}`,
              createdAt: Date.now(),
              status: 'pending',
              attempts: 0,
              nextAttemptAt: 0,
            })
          }
          store.transaction.oncomplete = resolve
        }
      }),
    { stamp },
  )
  const started = Date.now()
  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  const waiting = () =>
    page.evaluate(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open('orchestrator')
          open.onsuccess = () => {
            const count = open.result.transaction('outbox').objectStore('outbox').count()
            count.onsuccess = () => resolve(count.result)
          }
        }),
    )
  while ((await waiting()) > 0) {
    if (Date.now() - started > 300_000) throw new Error('replay did not finish in 5 minutes')
    await new Promise((r) => setTimeout(r, 100))
  }
  const replay = Date.now() - started
  const floor = await page.evaluate(
    async ({ stamp }) => {
      const t0 = performance.now()
      for (let i = 0; i < 500; i += 1) {
        await fetch('/api/sandbox/internal/products/v2/data-formats', {
          method: 'POST',
          headers: {
            Authorization: 'Bearer demo-admin-token',
            'Content-Type': 'application/json',
            'Idempotency-Key': crypto.randomUUID(),
          },
          body: JSON.stringify({ dataFormatCode: `F${stamp}_${i}`, name: `Floor ${i}` }),
        })
      }
      return performance.now() - t0
    },
    { stamp },
  )
  report('replay of 500 queued changes', fmt(replay), `sequential fetch loop floor ${fmt(floor)}`)
  await context.close()
}

{
  // Cache restore with about 5 MB of cached lists.
  const { context, page } = await signedInContext()
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const item = (i) => ({
          id: `id-${i}`,
          dataFormatCode: `CODE_${i}`,
          name: `Cached format ${i}`,
          description: 'x'.repeat(400),
          type: 'json',
        })
        const queries = Array.from({ length: 100 }, (_, q) => ({
          queryKey: ['sandbox', 'v2', '', 'data-formats', 'list', { page: q + 1, limit: 100 }],
          queryHash: JSON.stringify([
            'sandbox',
            'v2',
            '',
            'data-formats',
            'list',
            { page: q + 1, limit: 100 },
          ]),
          state: {
            data: { items: Array.from({ length: 100 }, (_, i) => item(q * 100 + i)), totalCount: 10_000 },
            dataUpdatedAt: Date.now(),
            dataUpdateCount: 1,
            error: null,
            errorUpdateCount: 0,
            errorUpdatedAt: 0,
            fetchFailureCount: 0,
            fetchFailureReason: null,
            fetchMeta: null,
            isInvalidated: false,
            status: 'success',
            fetchStatus: 'idle',
          },
        }))
        const value = JSON.stringify({
          buster: 'v1',
          timestamp: Date.now(),
          clientState: { mutations: [], queries },
        })
        // The boot store (idb-keyval) the console restores its query cache from.
        const open = indexedDB.open('orchestrator-boot')
        open.onsuccess = () => {
          open.result.transaction('kv', 'readwrite').objectStore('kv').put(value, 'query-cache').onsuccess =
            () => resolve(value.length)
        }
      }),
  )
  // The signed-in tab would persist its own small cache over the 5 MB: only the measured tabs run.
  await page.close()
  /** A new tab's boot to cache restored, and the restore itself (read and hydrate). */
  const restoreTimes = async ({ empty }) => {
    const tab = await context.newPage()
    // A page outside the console reads (or clears) the cache, so no console writes it back meanwhile.
    await tab.goto(`${base}/blank.html`)
    const bytes = await tab.evaluate(
      (empty) =>
        new Promise((resolve) => {
          const open = indexedDB.open('orchestrator-boot')
          open.onsuccess = () => {
            const store = open.result.transaction('kv', 'readwrite').objectStore('kv')
            if (empty) store.delete('query-cache').onsuccess = () => resolve(0)
            else store.get('query-cache').onsuccess = (e) => resolve(e.target.result?.length ?? 0)
          }
        }),
      empty,
    )
    await tab.goto(`${base}/outbox`)
    await tab.waitForFunction(() => performance.getEntriesByName('orchestrator:cache-restored').length > 0)
    const times = await tab.evaluate(() => {
      const at = (name) => performance.getEntriesByName(name)[0].startTime
      return {
        boot: at('orchestrator:cache-restored'),
        restore: at('orchestrator:cache-restored') - at('orchestrator:cache-restore-start'),
      }
    })
    times.bytes = bytes
    await tab.close()
    return times
  }
  const full = []
  for (let i = 0; i < 3; i += 1) full.push(await restoreTimes({ empty: false }))
  const empty = []
  for (let i = 0; i < 3; i += 1) empty.push(await restoreTimes({ empty: true }))
  report(
    `boot to cache restored, ${(median(full.map((t) => t.bytes)) / 1e6).toFixed(1)} MB of cached lists (median of 3)`,
    fmt(median(full.map((t) => t.boot))),
    `empty cache ${fmt(median(empty.map((t) => t.boot)))}`,
  )
  report(
    'cache restore itself, 5 MB (median of 3)',
    fmt(median(full.map((t) => t.restore))),
    `empty cache ${fmt(median(empty.map((t) => t.restore)))}`,
  )
  await context.close()
}

await browser.close()
server.kill()
const width = Math.max(...rows.map((r) => r[0].length))
for (const [name, value, note] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(8)}  ${note}`)

// The events list with 10,000 events (its own server and data directory).
await import('./events-bench.mjs')
