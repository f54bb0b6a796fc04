// Capacity of the reference platform: requests per second and p50/p99 latency of the five busiest
// calls (product list, task list, events, a product PATCH, a task run) under 50 concurrent clients,
// for 1 and for 3 platform processes on one PostgreSQL (npm run serve:cluster) and for PGlite (one
// process by definition), and the ratio 3 processes / 1. Prints figures, asserts no timing; a failed
// request is counted and printed. The load generator runs on the same machine as the platform.
// Alone: `node tests/perf/capacity-bench.mjs [--json FILE]` (it starts a throw-away PostgreSQL with
// tests/tools/with-postgres.mjs unless DATABASE_URL is set); from bench.mjs: `--only capacity`.
// CAPACITY_SECONDS (default 10) is how long each configuration is loaded, after CAPACITY_WARMUP_SECONDS
// (5) of the same load not counted; CAPACITY_CLIENTS (50).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { figure, figures, freePort, jsonTarget, printFigures, writeFigures } from './figures.mjs'

const SECONDS = Number(process.env.CAPACITY_SECONDS) || 10
const WARMUP_SECONDS = Number(process.env.CAPACITY_WARMUP_SECONDS) || 5
const CLIENTS = Number(process.env.CAPACITY_CLIENTS) || 50
const TOKEN = 'demo-admin-token'

/** Starts `workers` platform processes on `port`; resolves when every one listens. */
async function startPlatform(port, workers, databaseUrl) {
  const script = databaseUrl ? 'server/cluster.ts' : 'server/main.ts'
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      PORT: String(port),
      WORKERS: String(workers),
      DATABASE_URL: databaseUrl ?? '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'capacity-')),
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let up = 0
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      up += String(d).split('Orchestrator console').length - 1
      if (up >= workers) resolve()
    })
    child.on('exit', (code) => reject(new Error(`platform ended (${code}) before it listened`)))
  })
  return child
}

async function stopPlatform(child) {
  const ended = new Promise((resolve) => child.on('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([ended, new Promise((r) => setTimeout(r, 10_000))])
  child.kill('SIGKILL')
}

/**
 * The load generator's client: node:http over kept-alive sockets, one per client. Undici's fetch
 * cost about 0.8 ms of CPU a request here, on the same two cores the platform runs on; this costs
 * a fraction of that, so the figures say more of the platform and less of the generator.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })

function api(base, method, path, body) {
  const payload = body ? JSON.stringify(body) : undefined
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          Accept: 'application/json',
          // As a browser asks: the platform compresses a large answer, and that is part of its cost.
          'Accept-Encoding': 'gzip',
          Authorization: `Bearer ${TOKEN}`,
          ...(payload
            ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () => {
          const raw = Buffer.concat(chunks)
          const gzip = response.headers['content-encoding'] === 'gzip'
          const text = (gzip ? gunzipSync(raw) : raw).toString()
          try {
            resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {} })
          } catch (error) {
            reject(error)
          }
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

/**
 * The five calls, with what they need made first: products to change, and a task per client (no
 * notifications). Each client runs its own task and changes products in turn, as many operators
 * would: capacity, not fifty clients racing on one row (the cluster tests race on purpose).
 */
async function prepare(base) {
  const products = (await api(base, 'GET', '/api/sandbox/products/v2?limit=50')).body.result ?? []
  const taskIds = []
  for (let i = 0; i < CLIENTS; i += 1) {
    const task = await api(base, 'POST', '/api/sandbox/tasks', {
      name: `Capacity bench ${i}`,
      actions: [{ actionId: 'http-get', name: 'Fetch' }],
    })
    if (task.body.result?.id) taskIds.push(task.body.result.id)
  }
  if (!products.length || taskIds.length < CLIENTS)
    throw new Error('capacity bench: no products or no tasks to use')
  let n = 0
  return [
    { name: 'product list', call: () => api(base, 'GET', '/api/sandbox/products/v2?limit=10') },
    { name: 'task list', call: () => api(base, 'GET', '/api/sandbox/tasks?limit=10') },
    { name: 'events', call: () => api(base, 'GET', '/api/sandbox/events?limit=10') },
    {
      name: 'product PATCH',
      call: () => {
        n += 1
        const product = products[n % products.length]
        return api(base, 'PATCH', `/api/sandbox/internal/products/v2/${product.id}`, {
          description: `capacity ${n}`,
        })
      },
    },
    {
      name: 'task run',
      call: (client) => api(base, 'POST', `/api/sandbox/tasks/${taskIds[client]}/run`),
    },
  ]
}

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

/** CLIENTS clients, each taking the five calls in turn for `seconds`. */
async function load(calls, seconds = SECONDS) {
  const times = new Map(calls.map((c) => [c.name, []]))
  let failed = 0
  const firstFailures = []
  const end = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; performance.now() < end; i += 1) {
        const c = calls[i % calls.length]
        const started = performance.now()
        try {
          const { status } = await c.call(client)
          if (status >= 400) throw new Error(`${c.name}: ${status}`)
          times.get(c.name).push(performance.now() - started)
        } catch (error) {
          failed += 1
          if (firstFailures.length < 3) firstFailures.push(String(error?.message ?? error))
        }
      }
    }),
  )
  const rows = calls.map((c) => {
    const xs = times.get(c.name)
    return { name: c.name, rps: xs.length / seconds, p50: percentile(xs, 50), p99: percentile(xs, 99) }
  })
  return { rows, total: rows.reduce((sum, r) => sum + r.rps, 0), failed, firstFailures }
}

async function measure(label, port, workers, databaseUrl) {
  const child = await startPlatform(port, workers, databaseUrl)
  try {
    const base = `http://localhost:${port}`
    const calls = await prepare(base)
    // A warm-up under the same load, not counted: every process compiles the same code (V8 optimizes
    // it per process) and fills its pool; three processes would otherwise pay that three times in the
    // measured window.
    await load(calls, WARMUP_SECONDS)
    const result = await load(calls)
    for (const r of result.rows) {
      figure(`${label}: ${r.name}`, r.rps, 'req/s', {
        note: `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`,
      })
    }
    figure(`${label}: all five calls`, result.total, 'req/s', {
      note: `${result.failed} failed${result.firstFailures.length ? ` (${result.firstFailures.join('; ')})` : ''}`,
    })
    return result
  } finally {
    await stopPlatform(child)
  }
}

/**
 * A new, empty database on the server of `url` for one configuration: each starts from the seed, not
 * from the events and runs the one before left (lists and their counts grow with every run).
 */
async function freshDatabase(url, processes) {
  const { default: pg } = await import('pg')
  const name = `capacity_${processes}_${Date.now().toString(36)}`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  const fresh = new URL(url)
  fresh.pathname = `/${name}`
  return fresh.toString()
}

export async function runCapacityBench(port) {
  const databaseUrl = process.env.DATABASE_URL
  const clients = `${CLIENTS} clients, ${SECONDS} s`
  if (databaseUrl) {
    const one = await measure(
      `PostgreSQL, 1 process (${clients})`,
      port,
      1,
      await freshDatabase(databaseUrl, 1),
    )
    const three = await measure(
      `PostgreSQL, 3 processes (${clients})`,
      port,
      3,
      await freshDatabase(databaseUrl, 3),
    )
    figure('PostgreSQL: 3 processes / 1 process', three.total / one.total, '×', { goal: '≥ 1.5×' })
  } else console.log('capacity: no DATABASE_URL, PostgreSQL figures left out')
  const saved = process.env.DATABASE_URL
  delete process.env.DATABASE_URL
  await measure(`PGlite, 1 process (${clients})`, port, 1, undefined)
  if (saved) process.env.DATABASE_URL = saved
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.env.DATABASE_URL && !process.argv.includes('--no-postgres')) {
    // Under a throw-away PostgreSQL: the same script again, with DATABASE_URL set.
    const result = spawnSync(
      process.execPath,
      ['tests/tools/with-postgres.mjs', process.execPath, process.argv[1], ...process.argv.slice(2)],
      { stdio: 'inherit' },
    )
    process.exit(result.status ?? 1)
  }
  await runCapacityBench(await freePort(Number(process.env.BENCH_PORT ?? 4520) + 20))
  printFigures(figures)
  const json = jsonTarget()
  if (json) writeFigures(json, figures)
}
