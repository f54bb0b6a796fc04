// Events list with 10,000 loaded events: load time, rows in the DOM, frame times while scrolling, and
// the JS heap once scrolled to the end. Prints figures; asserts no timings. Needs a build
// (npm run build). Run alone (`node tests/perf/events-bench.mjs [--json FILE]`) or from bench.mjs.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import { figure, figures, freePort, jsHeapMb, jsonTarget, printFigures, writeFigures } from './figures.mjs'

const EVENTS = 10_000

export async function runEventsBench(port) {
  const base = `http://localhost:${port}`
  const chrome = [process.env.CHROME_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p))
  if (!chrome || !existsSync('dist/index.html')) {
    console.error(
      'events bench needs Chromium (CHROME_PATH or /usr/bin/chromium) and a build (npm run build)',
    )
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
    // Then to the very end of the 10,000, and the heap there.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const box = document.querySelector('[data-testid="events-scroller"]')
          box.scrollTop = box.scrollHeight
          requestAnimationFrame(() => requestAnimationFrame(resolve))
        }),
    )
    await page.waitForTimeout(500)
    const heap = await jsHeapMb(page)
    const sorted = [...scroll.frames].sort((a, b) => a - b)
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
    figure(`load ${EVENTS.toLocaleString('en')} events into the list`, loaded, 'ms')
    figure('event rows in the DOM after loading', dom.rows, 'rows')
    figure('DOM elements on the events page', dom.nodes, 'elements')
    figure('most event rows in the DOM while scrolling', scroll.maxRows, 'rows')
    figure(`scroll frames (${scroll.frames.length}, ${scroll.scrollTop} px): median`, at(0.5), 'ms')
    figure('scroll frames: 95th percentile', at(0.95), 'ms')
    figure('scroll frames: longest', sorted.at(-1), 'ms')
    figure('scroll frames over 50 ms', scroll.frames.filter((f) => f > 50).length, 'frames')
    figure(`JS heap, ${EVENTS.toLocaleString('en')} events loaded, scrolled to the end`, heap, 'MB', {
      goal: '≤ 60 MB',
    })
  } finally {
    await browser.close()
    server.kill()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runEventsBench(await freePort(Number(process.env.BENCH_PORT ?? 4520) + 10))
  printFigures(figures)
  const json = jsonTarget()
  if (json) writeFigures(json, figures)
}
