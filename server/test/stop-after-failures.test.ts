import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STOP_AFTER_FAILURES_MESSAGE } from '../../src/contract/task'
import { createScheduler, type Scheduler } from '../scheduler'
import { startCluster } from './harness'

// Two platform processes on one database (on PostgreSQL two instances, each with its own pool; on
// PGlite one instance with two schedulers), and a clock the test moves.
let cluster: Awaited<ReturnType<typeof startCluster>>
let clock = Date.parse('2026-07-01T10:00:00Z')
const first = () => cluster.nodes[0] as (typeof cluster.nodes)[number]
const second = () => cluster.nodes[1] as (typeof cluster.nodes)[number]
beforeAll(async () => {
  cluster = await startCluster(2)
  for (const node of cluster.nodes) node.platform.now = () => clock
  // Only this file's tasks are scheduled.
  await first().platform.db.query(
    `UPDATE entities SET status = 'stopped', data = data || '{"status": "stopped", "scheduled": false}'::jsonb WHERE kind = 'task'`,
  )
})
afterAll(() => cluster.close())

interface Task {
  id: string
  name: string
  status: string
  scheduled?: boolean
  stopAfterFailures?: number | null
  failedRunsInRow?: number
  stoppedAfterFailures?: number
}
const FAILING = [{ actionId: 'no-such-action', name: 'Broken' }]
const WORKING = [{ actionId: 'http-get', name: 'Fetch' }]

async function createTask(body: Record<string, unknown>) {
  const created = await first().call<Task>('POST', '/api/sandbox/tasks', {
    body: { name: 'Fails', actions: FAILING, ...body },
  })
  expect(created.status).toBe(201)
  const id = created.body.result?.id as string
  expect((await first().call('POST', `/api/sandbox/tasks/${id}/start`)).status).toBe(200)
  return id
}
const read = async (id: string) => (await first().call<Task>('GET', `/api/sandbox/tasks/${id}`)).body.result
/** A PUT of the task as read, with `changes` laid over (the platform's own fields are ignored). */
async function edit(id: string, changes: Record<string, unknown>) {
  const { jobs: _jobs, ...task } = (await read(id)) as Task & { jobs?: unknown }
  return first().call<Task>('PUT', `/api/sandbox/tasks/${id}`, { body: { ...task, ...changes } })
}
const runsOf = async (id: string) =>
  (await first().call<{ outcome: string }[]>('GET', `/api/sandbox/tasks/${id}/runs?limit=100`)).body.result ??
  []
const stopEvents = async (id: string) =>
  (
    (
      await first().call<{ type: string; message: string }[]>(
        'GET',
        `/api/sandbox/events?taskId=${id}&limit=100`,
      )
    ).body.result ?? []
  ).filter((e) => e.type === 'TASK_STOPPED_AFTER_FAILURES')

const schedulersOf = () =>
  cluster.nodes.map((node, i) => createScheduler(node.platform, { owner: `process-${i}` }))
async function tickAll(schedulers: Scheduler[]) {
  await Promise.all(schedulers.map((s) => s.tick()))
  await Promise.all(schedulers.map((s) => s.settle()))
}

describe('stop after N failed runs in a row', () => {
  it('is validated on create and update: a whole number from 1 to 100, or null', async () => {
    for (const bad of [0, -1, 1.5, 'x', 101, true]) {
      const refused = await first().call('POST', '/api/sandbox/tasks', {
        body: { name: 'Bad', stopAfterFailures: bad },
      })
      expect(refused.status, String(bad)).toBe(400)
      expect(refused.body.error?.issues).toEqual([
        { path: 'stopAfterFailures', message: STOP_AFTER_FAILURES_MESSAGE },
      ])
    }
    const created = await first().call<Task>('POST', '/api/sandbox/tasks', {
      body: { name: 'Good', stopAfterFailures: 3 },
    })
    expect(created.status).toBe(201)
    const id = created.body.result?.id as string
    expect((await read(id))?.stopAfterFailures).toBe(3)
    for (const bad of [0, -1, 1.5, 'x']) {
      const refused = await edit(id, { stopAfterFailures: bad })
      expect(refused.status, String(bad)).toBe(400)
      expect(refused.body.error?.issues?.[0]).toEqual({
        path: 'stopAfterFailures',
        message: STOP_AFTER_FAILURES_MESSAGE,
      })
    }
    expect((await read(id))?.stopAfterFailures).toBe(3)
    expect((await edit(id, { stopAfterFailures: 100 })).status).toBe(200)
    expect((await read(id))?.stopAfterFailures).toBe(100)
    // null: never stop, as a task without the field.
    expect((await edit(id, { stopAfterFailures: null })).status).toBe(200)
    expect((await read(id))?.stopAfterFailures).toBeNull()
    // The platform's counts are its own: a write cannot set them.
    expect((await edit(id, { failedRunsInRow: 99, stoppedAfterFailures: 5 })).status).toBe(200)
    const after = await read(id)
    expect(after?.failedRunsInRow).toBeUndefined()
    expect(after?.stoppedAfterFailures).toBeUndefined()
  })

  it('stops the schedule after two failed slots in a row, once, and a success between resets the count', async () => {
    const start = Date.parse('2026-07-01T10:00:00Z')
    clock = start
    const id = await createTask({ interval: 60_000, stopAfterFailures: 2 })
    const never = await createTask({ interval: 60_000 })
    const schedulers = schedulersOf()
    const step = async (minutes: number) => {
      clock = start + minutes * 60_000 + 5_000
      await tickAll(schedulers)
    }
    await step(0)
    // 10:01 fails: one in a row.
    await step(1)
    expect(await runsOf(id)).toHaveLength(1)
    expect(await read(id)).toMatchObject({ status: 'error', scheduled: true, failedRunsInRow: 1 })
    // Fixed before 10:02: the success resets the count.
    expect((await edit(id, { actions: WORKING })).status).toBe(200)
    await step(2)
    expect(await read(id)).toMatchObject({ status: 'running', scheduled: true, failedRunsInRow: 0 })
    // Broken again: 10:03 fails (one), 10:04 fails (two) and stops the schedule.
    expect((await edit(id, { actions: FAILING })).status).toBe(200)
    await step(3)
    expect(await read(id)).toMatchObject({ scheduled: true, failedRunsInRow: 1 })
    expect(await stopEvents(id)).toHaveLength(0)
    await step(4)
    const stopped = await read(id)
    expect(stopped).toMatchObject({
      status: 'stopped',
      scheduled: false,
      failedRunsInRow: 2,
      stoppedAfterFailures: 2,
    })
    expect(stopped).not.toHaveProperty('nextRunAt')
    expect((await runsOf(id)).map((r) => r.outcome)).toEqual(['error', 'error', 'success', 'error'])
    expect(await stopEvents(id)).toMatchObject([
      { type: 'TASK_STOPPED_AFTER_FAILURES', message: 'Task Fails stopped after 2 failed runs in a row' },
    ])
    // Later slots do not run, on either process.
    for (let minute = 5; minute <= 10; minute += 1) await step(minute)
    expect(await runsOf(id)).toHaveLength(4)
    expect(await stopEvents(id)).toHaveLength(1)
    // A task without the policy keeps failing on schedule: an error never ends a schedule by itself.
    expect(await runsOf(never)).toHaveLength(10)
    expect(await read(never)).toMatchObject({ status: 'error', scheduled: true, failedRunsInRow: 10 })
    // Start begins afresh: the count and the note of why it stopped are gone.
    expect((await first().call('POST', `/api/sandbox/tasks/${id}/start`)).status).toBe(200)
    const restarted = await read(id)
    expect(restarted).toMatchObject({ status: 'running', scheduled: true })
    expect(restarted?.failedRunsInRow).toBeUndefined()
    expect(restarted?.stoppedAfterFailures).toBeUndefined()
    await Promise.all(schedulers.map((s) => s.stop()))
    for (const task of [id, never]) await first().call('POST', `/api/sandbox/tasks/${task}/stop`)
  })

  it('counts runs of one task finishing on both processes together once each, and stops once', async () => {
    const start = Date.parse('2026-07-02T10:00:00Z')
    clock = start
    // Each minute an interval slot and a cron slot of one task fall due together: the two processes
    // race for them, so two failed runs of the task end at once, often in different processes.
    const ids = [
      await createTask({
        interval: 60_000,
        jobs: [{ schedule: '* * * * *', timeZone: 'UTC' }],
        stopAfterFailures: 3,
      }),
      await createTask({
        interval: 60_000,
        jobs: [{ schedule: '* * * * *', timeZone: 'UTC' }],
        stopAfterFailures: 4,
      }),
      await createTask({
        interval: 60_000,
        jobs: [{ schedule: '* * * * *', timeZone: 'UTC' }],
        stopAfterFailures: 5,
      }),
    ]
    const schedulers = schedulersOf()
    for (let minute = 0; minute <= 6; minute += 1) {
      clock = start + minute * 60_000 + 5_000
      // The minutes take turns: the first process looks first, the second looks first, both at once.
      // So each process runs some slots whatever a loaded machine does to the race, and some race.
      const [firstProcess, secondProcess] = schedulers
      const order = [
        [firstProcess, secondProcess],
        [secondProcess, firstProcess],
      ][(minute % 3) - 1]
      if (!order) await tickAll(schedulers)
      else {
        for (const scheduler of order) await scheduler?.tick()
        await Promise.all(schedulers.map((s) => s.settle()))
      }
    }
    for (const [i, id] of ids.entries()) {
      const limit = 3 + i
      const task = await read(id)
      const runs = await runsOf(id)
      // A run still going beside the stopping one tells its outcome after it, as after a user's stop.
      expect(task).toMatchObject({ scheduled: false, stoppedAfterFailures: limit })
      expect(['stopped', 'error']).toContain(task?.status)
      // Every run counted once: a lost update would leave the count below the runs.
      expect(task?.failedRunsInRow).toBe(runs.length)
      // The stopping run and at most the one running beside it: nothing after the stop.
      expect(runs.length).toBeGreaterThanOrEqual(limit)
      expect(runs.length).toBeLessThanOrEqual(limit + 1)
      expect(await stopEvents(id)).toHaveLength(1)
    }
    // On PostgreSQL both processes ran some of them (on PGlite the two schedulers share one instance).
    if (!cluster.separate) return
    const [owners] = await first().platform.db.query<{ n: number }>(
      'SELECT count(DISTINCT owner)::int AS n FROM schedule_slots WHERE task_id = ANY($1)',
      [ids],
    )
    expect(owners?.n).toBe(2)
    await Promise.all(schedulers.map((s) => s.stop()))
  })

  it('reads a task the same on either process', async () => {
    const created = await second().call<Task>('POST', '/api/sandbox/tasks', {
      body: { name: 'Either', stopAfterFailures: 7 },
    })
    const id = created.body.result?.id as string
    expect((await read(id))?.stopAfterFailures).toBe(7)
  })
})
