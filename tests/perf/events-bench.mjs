// Events list with 10,000 loaded events: load time, rows in the DOM, and frame times while scrolling.
// Prints; asserts nothing (CONVENTIONS 15). Needs a build (npm run build). Run alone or from bench.mjs.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const EVENTS = 10_000
const port = 4332
const base = `http://localhost:${port}`
const chrome = [process.env.CHROME_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p))
if (!chrome || !existsSync('dist/index.html')) {
  console.error('events bench needs Chromium (CHROME_PATH or /usr/bin/chromium) and a build (npm run build)')
  process.exit(1)
}
// The demo seed has 2,400 sandbox events: the bench's own data directory gets copies up to 10,000.
const dataDir = mkdtempSync(join(tmpdir(), 'events-bench-'))
spawnSync('npx', ['tsx', 'tests/perf/events-seed.ts', dataDir, String(EVENTS)], { stdio: 'inherit' })
// Node itself, not npx: killing npx would leave the platform running and this script waiting on it.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base },
  stdio: ['ignore', 'pipe', 'inherit'],
})
await new Promise((resolve) =>
  server.stdout.on('data', (d) => String(d).includes('Orchestrator console') && resolve()),
)

const browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox'] })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.addInitScript(() => localStorage.getItem('locale') || localStorage.setItem('locale', 'en'))
  await page.goto(`${base}/login`)
  await page.getByLabel('Access token').fill('demo-admin-token')
  await page.getByRole('button', { name: 'Sign in with token' }).click()
  await page.waitForURL(`${base}/`)

  const started = Date.now()
  await page.goto(`${base}/events?limit=${EVENTS}`)
  await page
    .getByTestId('events-count')
    .filter({ hasText: `Showing ${EVENTS.toLocaleString('en')} of` })
    .waitFor({
      timeout: 120_000,
    })
  const loaded = Date.now() - started
  // Let the cache persister finish writing the loaded pages: the figures are of scrolling alone.
  await page.waitForTimeout(3000)
  const dom = await page.evaluate(() => ({
    rows: document.querySelectorAll('[data-testid="event-row"]').length,
    nodes: document.querySelectorAll('*').length,
  }))
  // Scroll the list through ~40,000 px at 120 px a frame, timing every frame.
  const scroll = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const box = document.querySelector('[data-testid="events-scroller"]')
        const frames = []
        let maxRows = 0
        let last = performance.now()
        const step = (now) => {
          frames.push(now - last)
          last = now
          maxRows = Math.max(maxRows, document.querySelectorAll('[data-testid="event-row"]').length)
          box.scrollTop += 120
          if (frames.length < 330) requestAnimationFrame(step)
          else resolve({ frames: frames.slice(1), maxRows, scrollTop: box.scrollTop })
        }
        requestAnimationFrame(step)
      }),
  )
  const sorted = [...scroll.frames].sort((a, b) => a - b)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  const jank = scroll.frames.filter((f) => f > 50).length
  const rows = [
    [`load ${EVENTS.toLocaleString('en')} events into the list`, `${loaded} ms`],
    ['event rows in the DOM after loading', String(dom.rows)],
    ['DOM elements on the page', String(dom.nodes)],
    ['most event rows in the DOM while scrolling', String(scroll.maxRows)],
    [`scroll frames (${scroll.frames.length}, ${scroll.scrollTop} px): median`, `${at(0.5).toFixed(1)} ms`],
    ['scroll frames: 95th percentile', `${at(0.95).toFixed(1)} ms`],
    ['scroll frames: longest', `${sorted.at(-1).toFixed(1)} ms`],
    ['scroll frames over 50 ms', String(jank)],
  ]
  const width = Math.max(...rows.map((r) => r[0].length))
  for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(10)}`)
} finally {
  await browser.close()
  server.kill()
}
