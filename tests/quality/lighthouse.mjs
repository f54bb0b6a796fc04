// Lighthouse gate: the public screens (/login, /products) and the signed-in screens users live in
// (/tasks, /events, /monitoring, a product detail), mobile preset, in Debian's Chromium, against the
// built console served by the reference platform.
//
// What it gates, and why it holds on a slow or a busy host as on a fast one:
// - accessibility 100, best practices >= 95, SEO >= 90: deterministic, checked on every run.
// - budgets the console controls, independent of the host: JavaScript and CSS bytes, request count,
//   no render-blocking request, and main-thread work expressed in milliseconds of the target device.
// - performance >= 95 on a calibrated device. Lighthouse simulates a slower CPU by multiplying the
//   main-thread work it observed by `cpuSlowdownMultiplier`; a fixed 4x makes a different device on
//   every host. Each run is gathered once, the host's benchmark index measured in that run is read
//   from its artifacts, and the run is audited with multiplier = (benchmarkIndex / TARGET_INDEX) ^ 0.5
//   (calibratedMultiplier in lighthouse-calibrated.mjs says why the square root), so every host
//   simulates the same phone (Lighthouse's documented way: derive the multiplier from the benchmark
//   index). Under simulated throttling the multiplier is used only when auditing, so setting it after
//   the gather is exact.
//
// The gate checks itself: the same build under an extra busy loop (started and stopped here) must
// still pass, and a deliberately heavy fixture page must fail it.
//
// Environment: LIGHTHOUSE_SIGNED_IN_PERFORMANCE=0 prints, not gates, the signed-in screens' performance;
// LIGHTHOUSE_RUNS (tries per page, default 3), LIGHTHOUSE_TARGET_INDEX (default 1000),
// LIGHTHOUSE_PAGES (comma-separated subset of the page names below), LIGHTHOUSE_SELF_CHECK=0 skips
// the busy-loop and heavy-page checks.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureChromium } from '../tools/chromium.mjs'
import {
  freePort,
  METRICS,
  signIn,
  startCalibratedLighthouse,
  TARGET_INDEX,
  warmUp,
} from './lighthouse-calibrated.mjs'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const SELF_CHECK = process.env.LIGHTHOUSE_SELF_CHECK !== '0'
const ADMIN_TOKEN = 'demo-admin-token'

const CATEGORY_MIN = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 90 }

/**
 * Budgets per page, in decoded bytes (a response from the service worker or the HTTP cache counts
 * the same as one from the network), requests, and main-thread work in ms of the target device.
 * Measured on 2026-11-25 (stop 25): /login 491 KB of script, /products 648, /tasks 703, /events 776,
 * /monitoring 746, a product detail 764; the document with its inlined stylesheet 42 KB. Up from 520
 * (/products) and 646 (/events) at the last stop: every answer is now checked with zod at the door,
 * and failures and enumerated values carry their translations. Raised to hold what was measured, not
 * more; checking answers with zod/mini instead would take most of it back.
 * Stop 26: /products 662.7 KB in 51 requests (was 648 KB in at most 45): the one data table, one search
 * schema per list and the entities' contract schemas are chunks of their own. Performance stays 100.
 * Stop 27: the document is 47.8 KB (was 42): it now carries the map of the console's chunks (5.9 KB,
 * about 1.5 KB gzip), so the entry preloads the current screen's chunks while the console starts,
 * instead of finding them one import after another. Script and requests stay within their budgets.
 * Stop 29: /products 685.6 KB, /events 805.9 KB, a product detail 809.5 KB in 62 requests: the
 * tolerant reader (one mapping per open shape, unreadable rows shown with their raw content, the
 * diagnosis of a mismatch), write-only secrets and the schedule's state. Raised to hold what was
 * measured, with a few KB of room; performance stays 100 on every page.
 * 2026-11-26: /products 634 KB in 48 requests, /login 504.1 KB in 34: the outbox's replay and the
 * catalog list's delete dialog are no longer part of a visitor's start. The public budget is lowered
 * to what was measured with a few KB of room; the signed-in one stays (a product detail, 811 KB in 64
 * requests, is the page that sets it and did not change).
 *
 * Stop 30: a signed-in screen now reads the live stream (its reader, the stream's parser and the cache
 * patches, loaded at idle after the first screen) and a task's page can notify this device: /events
 * 825.2 KB, a product detail 829 KB in 67 requests. The signed-in budget is 840 KB in 70 requests.
 *
 * Stop 39: the language catalog comes in parts, one for the shell and one per screen, and the chunk
 * map in index.html names each screen's part per language: the document is 52.3-52.5 KB decoded (the
 * map 10 KB of it), while the scripts fell (/login 454.5 KB, /products 530.2 KB, /events 712.3 KB, a
 * product detail 722 KB). The document budget is 56 KB; the script budgets come down to 570 KB
 * (public) and 760 KB (signed in).
 *
 * Stop 42: a visitor's /products document carries the platform's picture of the list's first page
 * (filters, ten rows, pages; server/products-picture.ts): 58.1 KB decoded, 6 KB of it the picture. The
 * public document budget is 64 KB; the signed-in pages, which get no picture, keep 56 KB.
 */
const PUBLIC_BUDGET = { scriptKb: 570, styleKb: 40, documentKb: 64, requests: 52, mainThreadMs: 2000 }
const SIGNED_IN_BUDGET = { scriptKb: 760, styleKb: 40, documentKb: 56, requests: 70, mainThreadMs: 5000 }

// Signed-in screens are gated like the public ones; LIGHTHOUSE_SIGNED_IN_PERFORMANCE=0 only prints
// their performance (a local look at a host too loaded to calibrate).
const signedInGated = process.env.LIGHTHOUSE_SIGNED_IN_PERFORMANCE !== '0'
const PAGES = [
  { name: 'login', path: '/login', budget: PUBLIC_BUDGET },
  { name: 'products', path: '/products', budget: PUBLIC_BUDGET },
  {
    name: 'tasks',
    path: '/tasks',
    budget: SIGNED_IN_BUDGET,
    signedIn: true,
    performanceGated: signedInGated,
  },
  {
    name: 'events',
    path: '/events',
    budget: SIGNED_IN_BUDGET,
    signedIn: true,
    performanceGated: signedInGated,
  },
  {
    name: 'monitoring',
    path: '/monitoring',
    budget: SIGNED_IN_BUDGET,
    signedIn: true,
    performanceGated: signedInGated,
  },
  {
    name: 'product',
    path: '/products/:id',
    budget: SIGNED_IN_BUDGET,
    signedIn: true,
    performanceGated: signedInGated,
  },
].filter((p) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(p.name))

const chromePath = ensureChromium()
if (!existsSync('dist/index.html')) {
  console.error('lighthouse: no build in dist/ (run npm run build first)')
  process.exit(1)
}

const out = mkdtempSync(join(tmpdir(), 'lighthouse-'))
const children = []
function cleanUp() {
  for (const child of children) child.kill('SIGKILL')
}
process.on('exit', cleanUp)

// The platform, on its own port and data directory.
const port = await freePort()
const base = `http://localhost:${port}`
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: join(out, 'data'), PUBLIC_URL: base },
  stdio: ['ignore', 'pipe', 'inherit'],
})
children.push(server)
await new Promise((resolve, reject) => {
  server.on('exit', (code) => reject(new Error(`platform exited (${code})`)))
  server.stdout.on('data', (d) => String(d).includes('Orchestrator console') && resolve())
})

// The heavy fixture: a render-blocking script of about 600 KB that burns a fixed amount of CPU.
const fixtureDir = join(out, 'heavy')
mkdirSync(fixtureDir)
const filler = Array.from(
  { length: 15000 },
  (_, i) => `window.__f${i}=function(a){return a*${i}+${i % 7}}`,
).join(';\n')
writeFileSync(
  join(fixtureDir, 'heavy.js'),
  `${filler};\nvar x=0;for(var i=0;i<6e7;i++){x=(x+i*7)%1000003}document.title='heavy '+x;`,
)
writeFileSync(
  join(fixtureDir, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Heavy fixture</title><meta name="description" content="A page that must fail the gate"><script src="/heavy.js"></script></head><body><main><h1>Heavy fixture</h1><p>This page exists to show that the Lighthouse gate can fail.</p></main></body></html>',
)
const fixturePort = await freePort()
const fixture = createHttpServer((req, res) => {
  const file = req.url === '/heavy.js' ? 'heavy.js' : 'index.html'
  res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8')
  res.end(readFileSync(join(fixtureDir, file)))
}).listen(fixturePort, '127.0.0.1')

// One Chromium for every run: Lighthouse connects to it, so the signed-in runs keep the session
// that the sign-in below stores in the profile.
const { browser, context, measure } = await startCalibratedLighthouse({ chromePath, out, children })

const kb = (bytes) => Math.round(bytes / 102.4) / 10

/** Scores, budgets and their failures for one report. */
function judge(report, budget, { performanceGated = true } = {}) {
  const scores = Object.fromEntries(
    Object.keys(CATEGORY_MIN).map((k) => [k, Math.round((report.categories[k]?.score ?? 0) * 100)]),
  )
  const requests = report.audits['network-requests']?.details?.items ?? []
  const decoded = (type) =>
    requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.resourceSize ?? 0), 0)
  const blocking = (report.audits['render-blocking-insight']?.details?.items ?? []).map((i) => i.url)
  const measured = {
    scriptKb: kb(decoded('Script')),
    styleKb: kb(decoded('Stylesheet')),
    documentKb: kb(decoded('Document')),
    requests: requests.length,
    // Lighthouse multiplies the observed work by the calibrated multiplier: ms on the target device.
    mainThreadMs: Math.round(report.audits['mainthread-work-breakdown']?.numericValue ?? 0),
  }
  const failures = {
    categories: Object.entries(CATEGORY_MIN)
      .filter(([k, min]) => k !== 'performance' && scores[k] < min)
      .map(([k, min]) => `${k} ${scores[k]} < ${min}`),
    performance:
      performanceGated && scores.performance < CATEGORY_MIN.performance
        ? [`performance ${scores.performance} < ${CATEGORY_MIN.performance}`]
        : [],
    budgets: [
      ...Object.entries(budget)
        .filter(([k, max]) => measured[k] > max)
        .map(([k, max]) => `${k} ${measured[k]} > ${max}`),
      ...blocking.map((url) => `render-blocking ${url}`),
    ],
  }
  return { scores, measured, failures }
}

/** The one budget that depends on the run's timing: main-thread work. */
const timingBudgetFailed = (verdict) => verdict.failures.budgets.some((f) => f.startsWith('mainThreadMs'))

function printRun(label, run, verdict) {
  const scores = Object.entries(verdict.scores)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')
  const metrics = Object.entries(METRICS)
    .map(([id, short]) => `${short} ${run.report.audits[id]?.displayValue ?? '?'}`)
    .join(', ')
  const m = verdict.measured
  console.log(
    `lighthouse ${label}: benchmark index ${Math.round(run.benchmarkIndex)}, multiplier ${run.multiplier}x; ${scores}; ${metrics}; JS ${m.scriptKb} KB, CSS ${m.styleKb} KB, HTML ${m.documentKb} KB, ${m.requests} requests, main thread ${m.mainThreadMs} ms`,
  )
}

/** Up to RUNS tries; the first that passes ends them. Returns the failures of the best try. */
async function gate(page, url, label, { keepStorage = false } = {}) {
  let best
  for (let run = 1; run <= RUNS; run++) {
    const result = await measure(url, { keepStorage }, `${page.name}-${label}-${run}`)
    const verdict = judge(result.report, page.budget, page)
    printRun(`${page.path}${label ? ` (${label})` : ''} run ${run}`, result, verdict)
    const count = Object.values(verdict.failures).flat().length
    if (!best || count < best.count) best = { count, verdict }
    // Categories and byte budgets do not change from run to run: only timing (the performance score
    // and the main-thread work) is worth a retry.
    const timing = verdict.failures.performance.length > 0 || timingBudgetFailed(verdict)
    if (count === 0 || !timing) break
  }
  const where = `${page.path}${label ? ` (${label})` : ''}`
  return Object.values(best.verdict.failures)
    .flat()
    .map((failure) => `${where}: ${failure}`)
}

const failures = []
const timeStarted = Date.now()
try {
  const productId = await fetch(`${base}/api/sandbox/products/v2?type=dataproduct&limit=1&offset=0`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  })
    .then((r) => r.json())
    .then((j) => j.result?.[0]?.id)
  const publicPages = PAGES.filter((p) => !p.signedIn)
  const signedInPages = PAGES.filter((p) => p.signedIn)

  for (const page of publicPages) {
    await warmUp(base, page.path, ADMIN_TOKEN)
    failures.push(...(await gate(page, `${base}${page.path}`, '')))
  }

  if (SELF_CHECK && publicPages.length) {
    // The same build on a host with one core taken by a busy loop must still pass.
    const page = publicPages.at(-1)
    const busy = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' })
    children.push(busy)
    try {
      failures.push(...(await gate(page, `${base}${page.path}`, 'busy loop')))
    } finally {
      busy.kill('SIGKILL')
    }
    // The heavy fixture must fail performance and budgets: else the gate cannot fail.
    const heavy = { name: 'heavy', path: '/heavy', budget: PUBLIC_BUDGET }
    const run = await measure(`http://127.0.0.1:${fixturePort}/`, { keepStorage: false }, 'heavy')
    const verdict = judge(run.report, heavy.budget)
    printRun('heavy fixture (must fail)', run, verdict)
    if (!verdict.failures.performance.length || !verdict.failures.budgets.length) {
      failures.push(
        `heavy fixture passed (performance ${verdict.scores.performance}, budgets ${verdict.failures.budgets.join('; ') || 'kept'}): the gate cannot fail`,
      )
    }
  }

  if (signedInPages.length) {
    await signIn(context, base, ADMIN_TOKEN)
    for (const page of signedInPages) {
      const path = page.path.replace(':id', productId ?? 'missing')
      await warmUp(base, path, ADMIN_TOKEN)
      failures.push(...(await gate(page, `${base}${path}`, '', { keepStorage: true })))
    }
  }
} finally {
  fixture.close()
  await browser.close().catch(() => {})
  cleanUp()
}

console.log(
  `lighthouse: ${Math.round((Date.now() - timeStarted) / 1000)} s, target benchmark index ${TARGET_INDEX}`,
)
if (failures.length) {
  console.error(`Lighthouse gate failed:\n  ${failures.join('\n  ')}`)
  process.exit(1)
}
console.log(
  `lighthouse: ${PAGES.length} pages passed${SELF_CHECK ? ', busy loop passed, heavy fixture failed as it must' : ''}`,
)
