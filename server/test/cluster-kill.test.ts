import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { type AddressInfo, createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ADMIN, testDatabase } from './harness'

// Real platform processes (`server/main.ts`) on one PostgreSQL: one is killed with SIGKILL while a
// scheduled run is in progress, another takes its slot over once the lease has run out. Only on
// PostgreSQL (npm run test:pg): PGlite's data cannot be shared between processes.
const LEASE_MS = 2000
const INTERVAL_MS = 1000
const BOUND_MS = 40_000

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const end = Date.now() + BOUND_MS
  while (Date.now() < end) {
    const value = await probe()
    if (value !== undefined && value !== false) return value
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`waited ${BOUND_MS / 1000} s for ${what}`)
}

const children: ChildProcess[] = []
const closers: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  for (const close of closers.reverse()) await close()
})

/** One platform process, as `npm run serve` starts it, with a short tick and lease. */
async function startProcess(databaseUrl: string) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kill-')),
      SCHEDULER_TICK_MS: '200',
      SCHEDULER_LEASE_MS: String(LEASE_MS),
      NOTIFY_ALLOW: '127.0.0.1',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const url = `http://127.0.0.1:${port}`
  await until(`the process on ${port} to listen (${output.slice(-300)})`, async () => {
    if (child.exitCode !== null) throw new Error(`the process exited: ${output}`)
    return fetch(`${url}/api/sandbox/configs`)
      .then((r) => r.status < 500 || undefined)
      .catch(() => undefined)
  })
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as { result?: { id?: string } } }
  }
  return { child, call }
}

describe.skipIf(!process.env.DATABASE_URL)('a platform process killed with SIGKILL mid-run', () => {
  it('leaves its slot neither lost nor doubled: another process takes it over', async () => {
    const database = await testDatabase()
    closers.push(database.drop)
    const url = database.url as string
    const { default: pg } = await import('pg')
    const client = new pg.Client({ connectionString: url })

    // The task's webhook: the first call never answers, so the run that makes it is in progress
    // when its process is killed; later calls answer at once.
    const hooks: string[] = []
    const receiver = createServer((request: IncomingMessage, response: ServerResponse) => {
      hooks.push(request.url ?? '')
      if (hooks.length === 1) return
      response.writeHead(200).end('ok')
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    closers.push(
      () =>
        new Promise((resolve) => {
          receiver.closeAllConnections()
          receiver.close(resolve)
        }),
    )
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`

    const a = await startProcess(url)
    await client.connect()
    closers.push(() => client.end())
    // Only this test's task is scheduled.
    await client.query(
      `UPDATE entities SET status = 'stopped', data = data || '{"status": "stopped", "scheduled": false}'::jsonb WHERE kind = 'task'`,
    )
    const created = await a.call('POST', '/api/sandbox/tasks', {
      name: 'Killed mid-run',
      interval: INTERVAL_MS,
      missedRuns: 'all',
      actions: [{ actionId: 'http-get', name: 'Fetch' }],
      notifications: [{ url: hook, sendOnSuccess: true, sendOnError: true, detailLevel: 'simple' }],
    })
    expect(created.status).toBe(201)
    const taskId = created.body.result?.id as string
    expect((await a.call('POST', `/api/sandbox/tasks/${taskId}/start`)).status).toBe(200)

    const slots = () =>
      client
        .query<{ slot_at: string; state: string; owner: string | null; run_id: string }>(
          'SELECT slot_at, state, owner, run_id FROM schedule_slots WHERE task_id = $1 ORDER BY slot_at',
          [taskId],
        )
        .then((r) => r.rows)
    // Process A runs a slot and hangs in its webhook: kill it there.
    await until('a run hanging in its webhook', () => (hooks.length >= 1 ? true : undefined))
    const running = await until('the slot held by process A', async () => {
      const held = (await slots()).filter((s) => s.state === 'running')
      return held.length ? held : undefined
    })
    a.child.kill('SIGKILL')
    await new Promise((resolve) => a.child.once('exit', resolve))

    // Process B starts; once A's lease has run out it takes the slot over, and the schedule goes on.
    const b = await startProcess(url)
    const killedSlots = running.map((s) => s.slot_at)
    await until('the killed slots finished by process B', async () => {
      const rows = await slots()
      const done = killedSlots.every((at) => rows.find((r) => r.slot_at === at)?.state === 'done')
      return done && rows.filter((r) => r.state === 'done').length >= killedSlots.length + 3
        ? true
        : undefined
    })
    expect((await b.call('POST', `/api/sandbox/tasks/${taskId}/stop`)).status).toBe(200)
    b.child.kill('SIGTERM')
    await new Promise((resolve) => b.child.once('exit', resolve))

    const rows = await slots()
    const runs = (
      await client.query<{ id: string }>(
        "SELECT id FROM entities WHERE kind = 'task-run' AND parent_id = $1",
        [taskId],
      )
    ).rows.map((r) => r.id)
    // No slot left running, none twice, none skipped between the first and the last.
    expect(rows.filter((r) => r.state !== 'done' && r.state !== 'interrupted')).toEqual([])
    const times = rows.map((r) => Number(r.slot_at))
    for (let i = 1; i < times.length; i += 1)
      expect(Number(times[i]) - Number(times[i - 1])).toBe(INTERVAL_MS)
    // Every finished slot has exactly one run, the slot's own; no run without a slot.
    expect(new Set(runs).size).toBe(runs.length)
    const done = rows.filter((r) => r.state === 'done')
    expect(runs.sort()).toEqual(done.map((r) => r.run_id).sort())
    // The killed slot ran once and was finished by B, A's lease having run out.
    for (const slot of running)
      expect(rows.find((r) => r.slot_at === slot.slot_at)?.owner, 'taken over').not.toBe(slot.owner)
    for (const at of killedSlots)
      expect(runs.filter((id) => id === rows.find((r) => r.slot_at === at)?.run_id)).toHaveLength(1)
  }, 120_000)
})
