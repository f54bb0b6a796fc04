// Hostile input against the reference platform: the time to refuse the largest body it accepts with a
// text made to make patterns backtrack, and another caller's read meanwhile. Prints figures, asserts
// no timings. Needs no build. Run alone (`node tests/perf/hostile-bench.mjs [--json FILE]`) or from
// bench.mjs (`npm run bench -- --only hostile`).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { figure, figures, freePort, jsonTarget, printFigures, writeFigures } from './figures.mjs'

/** The platform's body limit, as validate.ts declares it (`1024 * 1024`). */
const MAX_JSON_BYTES = (
  /MAX_JSON_BYTES = ([\d* ]+)/.exec(readFileSync('server/validate.ts', 'utf8'))?.[1] ?? '1048576'
)
  .split('*')
  .reduce((product, factor) => product * Number(factor), 1)
const SAMPLES = 5
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

export async function runHostileBench(port) {
  const base = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'hostile-bench-')),
      PUBLIC_URL: base,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise((resolve) =>
    server.stdout.on('data', (d) => String(d).includes('Orchestrator console') && resolve()),
  )
  try {
    const call = async (method, path, body) => {
      const started = performance.now()
      const response = await fetch(`${base}/api/sandbox${path}`, {
        method,
        headers: { Authorization: 'Bearer demo-admin-token', 'Content-Type': 'application/json' },
        body,
      })
      await response.arrayBuffer()
      return { status: response.status, ms: performance.now() - started }
    }
    const read = () => call('GET', '/configs')
    /** The hostile request, and reads of another caller one after another while it is answered. */
    const withNeighbour = async (method, path, body) => {
      let done = false
      const hostile = call(method, path, body).finally(() => {
        done = true
      })
      const reads = []
      do reads.push((await read()).ms)
      while (!done)
      const answer = await hostile
      return { ...answer, neighbourMs: Math.max(...reads) }
    }
    /** A body of exactly `size` bytes with `field` holding text of `make(length)`. */
    const bodyOf = (size, fields, field, make) => {
      const overhead = JSON.stringify({ ...fields, [field]: '' }).length
      return JSON.stringify({ ...fields, [field]: make(size - overhead) })
    }
    const product = (await (await fetch(`${base}/api/sandbox/products/v2?limit=1`)).json()).result[0].id

    for (let i = 0; i < 3; i += 1) await read()
    const alone = []
    for (let i = 0; i < 15; i += 1) alone.push((await read()).ms)
    figure('hostile: a read alone (median of 15)', median(alone), 'ms')

    const cases = [
      {
        name: 'refuse the largest accepted body, a URL made to backtrack (product create)',
        short: 'URL',
        method: 'POST',
        path: '/internal/products/v2',
        body: bodyOf(
          MAX_JSON_BYTES,
          { name: 'Hostile', productCode: 'HOSTILE_1', type: 'dataproduct' },
          'imageUrl',
          (n) => `http://${'.'.repeat(n - 9)} x`,
        ),
        expect: 400,
      },
      {
        name: 'refuse the largest accepted body, an email made to backtrack (product create)',
        short: 'email',
        method: 'POST',
        path: '/internal/products/v2',
        body: bodyOf(
          MAX_JSON_BYTES,
          { name: 'Hostile', productCode: 'HOSTILE_2', type: 'dataproduct' },
          'contactPersonEmail',
          (n) => `${'a.'.repeat(n).slice(0, n - 4)}a.@a`,
        ),
        expect: 400,
      },
      {
        name: 'refuse a body one byte over the limit (413)',
        short: '413',
        method: 'POST',
        path: '/internal/products/v2',
        body: bodyOf(MAX_JSON_BYTES + 1, { name: 'Hostile' }, 'description', (n) => 'a'.repeat(n)),
        expect: 413,
      },
      {
        name: 'keep the largest accepted body (a product’s meta, opaque JSON)',
        short: 'kept',
        method: 'PUT',
        path: `/products/v2/${product}/meta`,
        body: bodyOf(MAX_JSON_BYTES, {}, 'meta', (n) => ({ note: 'a'.repeat(n - 9) })),
        expect: 200,
      },
    ]
    for (const c of cases) {
      const runs = []
      for (let i = 0; i < SAMPLES; i += 1) runs.push(await withNeighbour(c.method, c.path, c.body))
      const statuses = [...new Set(runs.map((r) => r.status))].join(', ')
      const note =
        statuses === String(c.expect) ? `answered ${statuses}` : `answered ${statuses}, expected ${c.expect}`
      figure(`hostile: ${c.name} (median of ${SAMPLES})`, median(runs.map((r) => r.ms)), 'ms', { note })
      figure(
        `hostile: slowest read of another caller meanwhile (${c.short}, of ${SAMPLES})`,
        Math.max(...runs.map((r) => r.neighbourMs)),
        'ms',
        { floor: median(alone), floorName: 'a read alone' },
      )
    }
  } finally {
    server.kill()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runHostileBench(await freePort(Number(process.env.BENCH_PORT ?? 4520) + 20))
  printFigures(figures)
  const json = jsonTarget()
  if (json) writeFigures(json, figures)
}
