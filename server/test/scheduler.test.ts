import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Env, Platform } from '../context'
import { createScheduler } from '../scheduler'
import type { Entity } from '../store'
import { startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
let clock = Date.parse('2026-01-10T20:00:00Z')
beforeAll(async () => {
  // The test's own receiver listens on loopback: allowed here, as NOTIFY_ALLOW would on-premise.
  p = await startPlatform({ notifyAllow: ['127.0.0.1'] })
  // The controllable clock: every timestamp the platform and the scheduler read comes from here.
  p.platform.now = () => clock
})
afterAll(() => p.close())

interface Task {
  id: string
  status: string
  lastRun?: { outcome: string }
}
const at = (iso: string) => {
  clock = Date.parse(iso)
}

async function createTask(body: Record<string, unknown>, start = true) {
  const created = await p.call<Task>('POST', '/api/sandbox/tasks', {
    body: { name: 'Scheduled', actions: [{ actionId: 'http-get', name: 'Fetch' }], ...body },
  })
  expect(created.status).toBe(201)
  const id = created.body.result?.id as string
  if (start) expect((await p.call('POST', `/api/sandbox/tasks/${id}/start`)).status).toBe(200)
  return id
}
const runsOf = async (id: string) =>
  (await p.call<{ trigger: string; outcome: string }[]>('GET', `/api/sandbox/tasks/${id}/runs?limit=100`))
    .body.result ?? []
const eventsOf = async (id: string) =>
  (await p.call<{ type: string; message: string }[]>('GET', `/api/sandbox/events?taskId=${id}&limit=50`)).body
    .result ?? []

describe('scheduler', () => {
  it('runs a cron job at its time in its own time zone, once', async () => {
    at('2026-01-10T22:00:00Z')
    // 02:00 in Helsinki is 00:00 UTC in winter; the same job in UTC would wait two more hours.
    const helsinki = await createTask({ jobs: [{ schedule: '0 2 * * *', timeZone: 'FLE Standard Time' }] })
    const utc = await createTask({ jobs: [{ schedule: '0 2 * * *', timeZone: 'UTC' }] })
    const scheduler = createScheduler(p.platform)
    const step = async (iso: string) => {
      at(iso)
      await scheduler.tick()
      await scheduler.settle()
    }
    await step('2026-01-10T22:00:00Z')
    await step('2026-01-10T23:59:45Z')
    expect(await runsOf(helsinki)).toHaveLength(0)
    await step('2026-01-11T00:00:15Z')
    await step('2026-01-11T00:00:30Z')
    expect(await runsOf(helsinki)).toMatchObject([{ trigger: 'schedule', outcome: 'success' }])
    expect(await runsOf(utc)).toHaveLength(0)
    await step('2026-01-11T02:00:10Z')
    expect(await runsOf(utc)).toHaveLength(1)
    expect(await runsOf(helsinki)).toHaveLength(1)
    const events = await eventsOf(helsinki)
    expect(events[0]).toMatchObject({ type: 'TASK_RUN_FINISHED', message: 'Ran Fetch (scheduled)' })
    await scheduler.stop()
  })

  it('runs every interval while running, and not once stopped', async () => {
    at('2026-02-01T10:00:00Z')
    const id = await createTask({ interval: 60_000 })
    const scheduler = createScheduler(p.platform)
    const step = async (iso: string) => {
      at(iso)
      await scheduler.tick()
      await scheduler.settle()
    }
    await step('2026-02-01T10:00:00Z')
    await step('2026-02-01T10:00:30Z')
    expect(await runsOf(id)).toHaveLength(0)
    await step('2026-02-01T10:01:00Z')
    await step('2026-02-01T10:02:05Z')
    expect(await runsOf(id)).toHaveLength(2)
    await p.call('POST', `/api/sandbox/tasks/${id}/stop`)
    await step('2026-02-01T10:10:00Z')
    expect(await runsOf(id)).toHaveLength(2)
    await scheduler.stop()
  })

  it('holds to concurrent executions (0 is unlimited) and stop waits for runs in progress', async () => {
    at('2026-03-01T10:00:00Z')
    const single = await createTask({ interval: 60_000, concurrentExecutions: 1 })
    const unlimited = await createTask({ interval: 60_000, concurrentExecutions: 0 })
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const started: string[] = []
    const finished: string[] = []
    const scheduler = createScheduler(p.platform, {
      run: async (_platform: Platform, _env: Env, task: Entity) => {
        // Seeded tasks that are running take their turns too: count only this test's own.
        if (task.id !== single && task.id !== unlimited) return
        started.push(task.id)
        await gate
        finished.push(task.id)
      },
    })
    for (const iso of ['2026-03-01T10:00:00Z', '2026-03-01T10:01:00Z', '2026-03-01T10:02:00Z']) {
      at(iso)
      await scheduler.tick()
    }
    expect(started.filter((t) => t === single)).toHaveLength(1)
    expect(started.filter((t) => t === unlimited)).toHaveLength(2)
    expect((await eventsOf(single)).map((e) => e.type)).toContain('TASK_RUN_SKIPPED')
    const stopping = scheduler.stop()
    await new Promise((r) => setTimeout(r, 20))
    expect(finished).toHaveLength(0)
    release()
    await stopping
    expect(finished).toHaveLength(3)
    at('2026-03-01T10:30:00Z')
    await scheduler.tick()
    expect(started).toHaveLength(3)
    await p.call('POST', `/api/sandbox/tasks/${single}/stop`)
    await p.call('POST', `/api/sandbox/tasks/${unlimited}/stop`)
  })

  it('a failing action sets the status to error and notifies internally and by url', async () => {
    const received: unknown[] = []
    const hook = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        received.push(JSON.parse(body))
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
    const port = (hook.address() as AddressInfo).port
    at('2026-04-01T10:00:00Z')
    const id = await createTask({
      interval: 60_000,
      actions: [
        { actionId: 'no-such-action', name: 'Broken' },
        { actionId: 'http-get', name: 'Fetch' },
      ],
      notifications: [
        { internal: true, sendOnError: true },
        { url: `http://127.0.0.1:${port}/hook`, sendOnError: true, detailLevel: 'result-only' },
        { url: 'http://127.0.0.1:1/down', sendOnError: true },
        { internal: true, sendOnError: false, sendOnSuccess: true },
      ],
    })
    const scheduler = createScheduler(p.platform)
    await scheduler.tick()
    at('2026-04-01T10:01:00Z')
    await scheduler.tick()
    await scheduler.settle()
    const task = (await p.call<Task>('GET', `/api/sandbox/tasks/${id}`)).body.result
    expect(task?.status).toBe('error')
    expect(task?.lastRun?.outcome).toBe('error')
    const types = (await eventsOf(id)).map((e) => e.type)
    expect(types.filter((t) => t === 'TASK_NOTIFICATION')).toHaveLength(1)
    expect(types).toContain('TASK_RUN_FAILED')
    expect(types.filter((t) => t === 'TASK_NOTIFICATION_FAILED')).toHaveLength(1)
    // An error is how the run ended, not the end of the schedule: the next slots run all the same.
    for (const iso of ['2026-04-01T10:02:00Z', '2026-04-01T10:03:00Z']) {
      at(iso)
      await scheduler.tick()
      await scheduler.settle()
    }
    expect(await runsOf(id)).toHaveLength(3)
    const after = (await p.call<Task & { scheduled?: boolean }>('GET', `/api/sandbox/tasks/${id}`)).body
      .result
    expect(after).toMatchObject({ status: 'error', scheduled: true })
    await p.call('POST', `/api/sandbox/tasks/${id}/stop`)
    at('2026-04-01T10:10:00Z')
    await scheduler.tick()
    await scheduler.settle()
    expect(await runsOf(id)).toHaveLength(3)
    await scheduler.stop()
    hook.close()
    expect(received).toHaveLength(3)
    expect(received[0]).toEqual({ result: 'Broken failed: Unknown action no-such-action' })
  })
})
