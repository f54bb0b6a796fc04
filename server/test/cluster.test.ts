import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Env, Platform } from '../context'
import { createScheduler, LEASE_MS, type Scheduler, slotRunId } from '../scheduler'
import { type Entity, Store } from '../store'
import { runTask } from '../task-run'
import { startCluster } from './harness'

// Three platform processes on one database (on PostgreSQL three instances, each with its own pool;
// on PGlite one instance with three schedulers), and a clock the test moves.
let cluster: Awaited<ReturnType<typeof startCluster>>
let clock = Date.parse('2026-06-01T00:00:00Z')
const nodes = () => cluster.nodes
const first = () => cluster.nodes[0] as (typeof cluster.nodes)[number]
beforeAll(async () => {
  cluster = await startCluster(3)
  for (const node of cluster.nodes) node.platform.now = () => clock
  // Only this file's tasks are scheduled.
  await first().platform.db.query(
    `UPDATE entities SET status = 'stopped', data = data || '{"status": "stopped", "scheduled": false}'::jsonb WHERE kind = 'task'`,
  )
})
afterAll(() => cluster.close())

const db = () => first().platform.db

async function createTask(body: Record<string, unknown>) {
  const created = await first().call<{ id: string }>('POST', '/api/sandbox/tasks', {
    body: { name: 'Clustered', actions: [{ actionId: 'http-get', name: 'Fetch' }], ...body },
  })
  expect(created.status).toBe(201)
  const id = created.body.result?.id as string
  expect((await first().call('POST', `/api/sandbox/tasks/${id}/start`)).status).toBe(200)
  return id
}

async function stopAll(ids: string[]) {
  for (const id of ids) await first().call('POST', `/api/sandbox/tasks/${id}/stop`)
}

const runIds = async (taskId: string) =>
  (
    await db().query<{ id: string }>(
      "SELECT id FROM entities WHERE env = 'sandbox' AND kind = 'task-run' AND parent_id = $1",
      [taskId],
    )
  ).map((r) => r.id)

/** One scheduler per process, each with its own owner. */
const schedulersOf = (runner?: (i: number) => Parameters<typeof createScheduler>[1]) =>
  nodes().map((node, i) => createScheduler(node.platform, { owner: `process-${i}`, ...runner?.(i) }))

async function tickAll(schedulers: Scheduler[]) {
  await Promise.all(schedulers.map((s) => s.tick()))
  await Promise.all(schedulers.map((s) => s.settle()))
}

describe('several platform processes on one database', () => {
  it('all come up when started at once on an empty database, migrated and seeded once', async () => {
    const [migrations] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')
    expect(migrations?.n).toBeGreaterThanOrEqual(4)
    const [users] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM users')
    expect(users?.n).toBe(3)
    for (const node of nodes())
      expect((await node.call('GET', '/api/sandbox/tasks?limit=1')).status).toBe(200)
  })

  it('lets exactly one of parallel If-Match writes spread across the processes through', async () => {
    const created = await first().call<{ id: string; updatedAt: string }>(
      'POST',
      '/api/sandbox/internal/products/v2',
      { body: { name: 'Clustered race', productCode: 'CLUSTER_RACE', type: 'dataproduct' } },
    )
    const { id, updatedAt } = created.body.result as { id: string; updatedAt: string }
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (nodes()[i % 3] as (typeof cluster.nodes)[number]).call(
          'PATCH',
          `/api/sandbox/internal/products/v2/${id}`,
          { headers: { 'If-Match': updatedAt }, body: { name: `Raced ${i}` } },
        ),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 412)).toHaveLength(29)
    // Every write got its own version, whichever process made it: a stale one is refused everywhere.
    const stamps = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (nodes()[i % 3] as (typeof cluster.nodes)[number]).call<{ updatedAt: string }>(
          'PATCH',
          `/api/sandbox/internal/products/v2/${id}`,
          { body: { description: `d${i}` } },
        ),
      ),
    )
    const versions = stamps.map((a) => a.body.result?.updatedAt)
    expect(new Set(versions).size).toBe(30)
    // The parallel writes land in any order: the stale version is any one but the last written.
    const current = (await first().call<{ updatedAt: string }>('GET', `/api/sandbox/products/v2/${id}`)).body
      .result?.updatedAt
    const stale = versions.find((v) => v !== current) as string
    expect(stale).toBeDefined()
    for (const node of nodes())
      expect(
        (
          await node.call('PATCH', `/api/sandbox/internal/products/v2/${id}`, {
            headers: { 'If-Match': stale },
            body: { name: 'Stale' },
          })
        ).status,
      ).toBe(412)
  })

  it('creates one data format of parallel creates with one code', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (nodes()[i % 3] as (typeof cluster.nodes)[number]).call(
          'POST',
          '/api/sandbox/internal/products/v2/data-formats',
          { body: { dataFormatCode: 'CLUSTER_FMT', name: `Format ${i}`, type: 'json' } },
        ),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(11)
  })

  it('runs each of 1,200 cron and interval slots of an hour exactly once across three processes', async () => {
    const start = Date.parse('2026-06-01T10:00:00Z')
    clock = start
    const interval = 15_000
    const intervals = [
      await createTask({ interval }),
      await createTask({ interval }),
      await createTask({ interval, concurrentExecutions: 3 }),
      await createTask({ interval }),
    ]
    const crons = [
      await createTask({ jobs: [{ schedule: '* * * * *', timeZone: 'UTC' }] }),
      await createTask({ jobs: [{ schedule: '* * * * *', timeZone: 'FLE Standard Time' }] }),
      await createTask({ jobs: [{ schedule: '* * * * *' }], concurrentExecutions: 2 }),
      await createTask({ jobs: [{ schedule: '*/1 * * * *', timeZone: 'Pacific Standard Time' }] }),
    ]
    // A run here only records itself under its slot's run id (a second run of a slot would fail on
    // it and leave the slot failed): what is under test is the claiming, not the run.
    const schedulers = schedulersOf(() => ({
      run: (platform: Platform, env: Env, task: Entity, runId: string) =>
        new Store(platform.db, env, 'task-run').insert(
          { taskId: task.id, trigger: 'schedule' },
          undefined,
          new Date(platform.now()).toISOString(),
          runId,
        ),
    }))
    const end = start + 3_600_000
    // Steps of 30 s: the three processes race for every slot; an interval's two slots of a step are
    // claimed together.
    for (clock = start; clock <= end; clock += 30_000) await tickAll(schedulers)
    clock = end
    let slots = 0
    for (const id of intervals) {
      const expected = []
      for (let at = start + interval; at <= end; at += interval)
        expected.push(slotRunId('sandbox', id, `interval:${interval}`, at))
      const ids = await runIds(id)
      expect(ids.length).toBe(expected.length)
      expect(new Set(ids)).toEqual(new Set(expected))
      slots += ids.length
    }
    for (const [i, id] of crons.entries()) {
      const zone = ['UTC', 'FLE Standard Time', '', 'Pacific Standard Time'][i]
      const schedule = i === 3 ? '*/1 * * * *' : '* * * * *'
      const expected = []
      for (let at = start + 60_000; at <= end; at += 60_000)
        expected.push(slotRunId('sandbox', id, `cron:${zone}:${schedule}`, at))
      const ids = await runIds(id)
      expect(ids.length).toBe(expected.length)
      expect(new Set(ids)).toEqual(new Set(expected))
      slots += ids.length
    }
    expect(slots).toBeGreaterThanOrEqual(1000)
    const [claims] = await db().query<{ n: number; notDone: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE state <> 'done')::int AS "notDone"
       FROM schedule_slots WHERE task_id = ANY($1)`,
      [[...intervals, ...crons]],
    )
    expect(claims).toMatchObject({ n: slots, notDone: 0 })
    await Promise.all(schedulers.map((s) => s.stop()))
    await stopAll([...intervals, ...crons])
  }, 120_000)

  it('a process killed mid-run leaves its slot neither lost nor doubled', async () => {
    const start = Date.parse('2026-06-02T10:00:00Z')
    clock = start
    const hung = await createTask({ interval: 60_000 })
    const recorded = await createTask({ interval: 60_000 })
    const never = new Promise<never>(() => {})
    // Process 0 dies during its runs: of one before it recorded the run, of the other after.
    const [dying, ...others] = schedulersOf((i) =>
      i === 0
        ? {
            run: async (platform: Platform, env: Env, task: Entity, runId: string) => {
              if (task.id === recorded) await runTask(platform, env, task, undefined, 'schedule', runId)
              return never
            },
          }
        : {},
    ) as [Scheduler, Scheduler, Scheduler]
    await dying.tick()
    clock += 60_000
    await dying.tick()
    const [held] = await db().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM schedule_slots WHERE task_id = ANY($1) AND state = 'running' AND owner = 'process-0'",
      [[hung, recorded]],
    )
    expect(held?.n).toBe(2)
    // The lease still holds: nobody takes the runs over yet.
    clock += 30_000
    await tickAll(others)
    expect(await runIds(hung)).toHaveLength(0)
    // Process 0 never renews its lease again: once it has run out, one of the others takes over.
    clock = start + 60_000 + LEASE_MS + 1
    await tickAll(others)
    const slotAt = start + 60_000
    for (const id of [hung, recorded])
      expect(
        (await runIds(id)).filter((r) => r === slotRunId('sandbox', id, 'interval:60000', slotAt)),
      ).toHaveLength(1)
    // The slots that came due meanwhile ran once each, and later ones keep running.
    for (clock = start + 3 * 60_000; clock <= start + 5 * 60_000; clock += 60_000) await tickAll(others)
    const slots = await db().query<{ task_id: string; state: string; n: number }>(
      `SELECT task_id, state, count(*)::int AS n FROM schedule_slots WHERE task_id = ANY($1) GROUP BY task_id, state`,
      [[hung, recorded]],
    )
    expect(slots.filter((s) => s.state !== 'done')).toEqual([])
    for (const id of [hung, recorded]) {
      const ids = await runIds(id)
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids.length).toBe(slots.find((s) => s.task_id === id)?.n)
      expect(ids.length).toBe(5)
    }
    await Promise.all(others.map((s) => s.stop()))
    await stopAll([hung, recorded])
  }, 60_000)

  it('runs slots missed while no process ran by the task policy, and shows the task late meanwhile', async () => {
    const start = Date.parse('2026-06-03T10:00:00Z')
    clock = start
    const interval = 300_000
    const all = await createTask({ interval, missedRuns: 'all' })
    const once = await createTask({ interval })
    const skip = await createTask({ interval, missedRuns: 'skip' })
    const schedulers = schedulersOf()
    await tickAll(schedulers)
    // No process runs for 27 minutes: the slots of 10:05 to 10:25 are missed.
    clock = start + 27 * 60_000
    const seen = await first().call<{ nextRunAt?: string }[]>('GET', '/api/sandbox/tasks?limit=100')
    const late = seen.body.result?.find((t) => (t as { id?: string }).id === once)
    expect(late?.nextRunAt).toBe(new Date(start + interval).toISOString())
    await tickAll(schedulers)
    expect(await runIds(all)).toHaveLength(5)
    expect(await runIds(once)).toEqual([
      slotRunId('sandbox', once, `interval:${interval}`, start + 25 * 60_000),
    ])
    expect(await runIds(skip)).toHaveLength(0)
    const after = await first().call<{ nextRunAt?: string }>('GET', `/api/sandbox/tasks/${skip}`)
    expect(after.body.result?.nextRunAt).toBe(new Date(start + 30 * 60_000).toISOString())
    await Promise.all(schedulers.map((s) => s.stop()))
    await stopAll([all, once, skip])
  })
})
