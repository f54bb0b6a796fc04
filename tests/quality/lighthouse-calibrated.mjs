// Lighthouse mobile on a calibrated device, shared by the Lighthouse gate (tests/quality/lighthouse.mjs)
// and the bench's peers part (tests/perf/bench.mjs): one Chromium that Lighthouse connects to, each
// page gathered once and audited with the CPU multiplier derived from the benchmark index measured in
// that run. Why the calibration, and why its square root: see calibratedMultiplier below and the
// gate's header.
import { execFile, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium } from '@playwright/test'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'

// The benchmark index Chrome DevTools' CPU calibration gives a mid-tier phone (Pixel 5 class).
// Lighthouse's default 4x on its reference high-end desktop (index 1500-2000) lands near 400-500.
export const TARGET_INDEX = Number(process.env.LIGHTHOUSE_TARGET_INDEX ?? 1000)

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
}

/** A free port, chosen by the system. */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

/**
 * The multiplier that makes this host the target device: (benchmarkIndex / TARGET_INDEX) ^ 0.5.
 * The benchmark index is a pure-JavaScript loop; a page's main-thread work (parsing, style, layout,
 * paint, waiting on the disk) does not slow down or speed up as much as that loop. Measured on this
 * kind of host with the same build: an idle host read 2100-2800 and the page's observed work was
 * ~1000 ms; a host under load read 450-1000 and the same work took 1600-1950 ms. Work goes with
 * about the square root of the index there; a linear multiplier simulated a phone twice as slow on
 * an idle host as on a busy one (the gate failed on the idle host and passed on the busy one).
 */
export function calibratedMultiplier(benchmarkIndex) {
  return (benchmarkIndex / TARGET_INDEX) ** 0.5
}

/**
 * Starts one Chromium (profile in `out`) for Lighthouse to connect to; `children` collects the
 * processes to kill on exit. Returns the Playwright context of that Chromium (the sign-in is stored in
 * its profile, so signed-in runs keep the session) and `measure`, one calibrated run of a URL.
 */
export async function startCalibratedLighthouse({ chromePath, out, children }) {
  const cdpPort = await freePort()
  const chrome = spawn(
    chromePath,
    [
      ...CHROME_FLAGS,
      `--remote-debugging-port=${cdpPort}`,
      `--user-data-dir=${join(out, 'profile')}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  children.push(chrome)
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${cdpPort}/json/version`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 200))
  }

  const run = promisify(execFile)
  async function lighthouse(args) {
    await run(
      process.execPath,
      ['node_modules/lighthouse/cli/index.js', '--quiet', `--port=${cdpPort}`, ...args],
      {
        timeout: 300_000,
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error) => {
      throw new Error(`lighthouse ${args[0]}: ${error.stderr || error.message}`)
    })
  }

  // Lighthouse measures the benchmark index once, before the page loads; the same benchmark run again
  // right after the load is averaged with it, so a host whose load changes during a run is read fairly.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`)
  const context = browser.contexts()[0] ?? (await browser.newContext())
  const benchPage = await context.newPage()
  const benchmarkAfter = () => benchPage.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)

  /** One calibrated run: gather, read the run's benchmark index, audit with the derived multiplier. */
  async function measure(url, { keepStorage }, tag) {
    const artifacts = join(out, `${tag}-artifacts`)
    const reset = keepStorage ? ['--disable-storage-reset'] : []
    await lighthouse([url, `-G=${artifacts}`, ...reset])
    const after = await benchmarkAfter()
    const file = join(artifacts, 'artifacts.json')
    const gathered = JSON.parse(readFileSync(file, 'utf8'))
    const benchmarkIndex = (gathered.BenchmarkIndex + after) / 2
    const multiplier = Math.max(0.1, Math.round(calibratedMultiplier(benchmarkIndex) * 100) / 100)
    gathered.settings.throttling.cpuSlowdownMultiplier = multiplier
    writeFileSync(file, JSON.stringify(gathered))
    const report = join(out, `${tag}.json`)
    await lighthouse([
      url,
      `-A=${artifacts}`,
      ...reset,
      `--throttling.cpuSlowdownMultiplier=${multiplier}`,
      '--output=json',
      `--output-path=${report}`,
    ])
    return { benchmarkIndex, multiplier, report: JSON.parse(readFileSync(report, 'utf8')) }
  }

  return { browser, context, measure }
}

/** Signs the Lighthouse Chromium's profile in with an access token, as a user does on /login. */
export async function signIn(context, base, token) {
  const page = await context.newPage()
  await page.goto(`${base}/login`)
  await page.locator('form input[type="password"]').fill(token)
  await page.locator('form:has(input[type="password"]) button[type="submit"]').first().click()
  await page.waitForURL(`${base}/`)
  // The session and the first cache write are stored before the runs start.
  await page.waitForTimeout(1500)
  await page.close()
}

/**
 * A cold platform compiles its queries on the first call to each endpoint, on the same cores the
 * browser measures on: each page and the calls it makes are asked for three times first.
 */
export async function warmUp(base, path, token) {
  const calls = [path, '/api/sandbox/configs', '/api/sandbox/products/v2?type=dataproduct&limit=10&offset=0']
  for (let i = 0; i < 3; i++) {
    for (const call of calls) {
      const get = () =>
        fetch(`${base}${call}`, { headers: { Authorization: `Bearer ${token}` } }).then((r) =>
          r.arrayBuffer(),
        )
      await get().catch(get)
    }
  }
}
