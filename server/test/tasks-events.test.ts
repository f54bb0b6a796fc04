import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR, startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform()
})
afterAll(() => p.close())

interface Task {
  id: string
  name: string
  status: string
  jobs: unknown[]
  updatedAt: string
  lastRun?: { outcome: string }
}
const task = {
  name: 'Nightly import',
  code: 'NIGHTLY',
  actions: [{ actionId: 'http-get', name: 'Fetch' }],
  jobs: [{ schedule: '0 2 * * *', timeZone: 'FLE Standard Time' }],
}

describe('tasks', () => {
  it('lists with field:direction sort and in: status filters', async () => {
    const list = await p.call<Task[]>(
      'GET',
      '/api/sandbox/tasks?status=in:error,warning&sort=name:asc&limit=50',
    )
    expect(list.status).toBe(200)
    expect(list.body.result?.every((t) => ['error', 'warning'].includes(t.status))).toBe(true)
    const names = list.body.result?.map((t) => t.name) ?? []
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    expect((await p.call('GET', '/api/sandbox/tasks?sort=name:sideways')).status).toBe(400)
    expect((await p.call('GET', '/api/sandbox/tasks', { token: null })).status).toBe(401)
  })

  it('creates, updates without jobs, and refuses an update with jobs', async () => {
    const created = await p.call<Task>('POST', '/api/sandbox/tasks', { body: task })
    expect(created.status).toBe(201)
    expect(created.body.result?.status).toBe('stopped')
    const id = created.body.result?.id as string
    const withJobs = await p.call('PUT', `/api/sandbox/tasks/${id}`, { body: { ...task, name: 'x' } })
    expect(withJobs.status).toBe(400)
    const { jobs: _jobs, ...withoutJobs } = task
    const updated = await p.call<Task>('PUT', `/api/sandbox/tasks/${id}`, {
      body: { ...withoutJobs, name: 'Renamed' },
    })
    expect(updated.status).toBe(200)
    expect(updated.body.result?.jobs).toHaveLength(1)
    expect(
      (await p.call('POST', '/api/sandbox/tasks', { body: { name: '', jobs: [{ schedule: 'every day' }] } }))
        .status,
    ).toBe(400)
  })

  it('starts, stops and runs now, recording history, a result and an event', async () => {
    const created = await p.call<Task>('POST', '/api/sandbox/tasks', { body: { ...task, code: 'RUNNER' } })
    const id = created.body.result?.id as string
    expect(
      (await p.call<{ task: Task }>('POST', `/api/sandbox/tasks/${id}/start`)).body.result?.task.status,
    ).toBe('running')
    expect(
      (await p.call<{ task: Task }>('POST', `/api/sandbox/tasks/${id}/stop`)).body.result?.task.status,
    ).toBe('stopped')
    const run = await p.call<{ task: Task; run: { outcome: string; durationMs: number } }>(
      'POST',
      `/api/sandbox/tasks/${id}/run`,
    )
    expect(run.body.result?.run.outcome).toBe('success')
    expect(run.body.result?.task.lastRun?.outcome).toBe('success')
    const history = await p.call<{ taskId: string }[]>('GET', `/api/sandbox/tasks/${id}/runs`)
    expect(history.body.result).toHaveLength(1)
    const events = await p.call<{ type: string }[]>('GET', `/api/sandbox/events?taskId=${id}&limit=20`)
    expect(events.body.result?.map((e) => e.type)).toEqual([
      'TASK_RUN_FINISHED',
      'TASK_STOPPED',
      'TASK_STARTED',
      'TASK_CREATED',
    ])
    expect((await p.call('POST', `/api/sandbox/tasks/${id}/explode`)).status).toBe(400)
    expect((await p.call('POST', '/api/sandbox/tasks/nope/run')).status).toBe(404)
  })

  it('says Access denied. when the platform refuses', async () => {
    const list = await p.call<Task[]>('GET', '/api/PRODUCTION/tasks?limit=1')
    const id = list.body.result?.[0]?.id
    await p.call('DELETE', `/api/PRODUCTION/tasks/${id}`, { token: OPERATOR }).then((r) => {
      expect(r.status).toBe(403)
      expect(r.body.message).toBe('Access denied.')
    })
  })

  it('serves the action schemas sorted by name', async () => {
    const actions = await p.call<{ id: string; name: string; options: unknown[] }[]>(
      'GET',
      '/api/sandbox/actions?sort=name:asc',
    )
    const names = actions.body.result?.map((a) => a.name) ?? []
    expect(names).toEqual([...names].sort())
    expect(actions.body.result?.[0]?.options.length).toBeGreaterThan(0)
  })
})

describe('events, stats and last errors', () => {
  it('pages events five at a time by default and filters errors and dates', async () => {
    const first = await p.call<{ status: string; timestamp: string }[]>('GET', '/api/sandbox/events')
    expect(first.body.result).toHaveLength(5)
    expect(first.body.pagination?.totalCount).toBeGreaterThanOrEqual(2000)
    const errors = await p.call<{ status: string }[]>('GET', '/api/sandbox/events?error=true&limit=50')
    expect(errors.body.result?.every((e) => e.status === 'error')).toBe(true)
    const from = new Date(Date.now() - 86_400_000).toISOString()
    const recent = await p.call<{ timestamp: string }[]>('GET', `/api/sandbox/events?from=${from}&limit=1000`)
    expect(recent.body.result?.every((e) => e.timestamp >= from)).toBe(true)
    expect((await p.call('GET', '/api/sandbox/events?from=yesterday')).status).toBe(400)
    expect((await p.call('GET', '/api/sandbox/events', { token: null })).status).toBe(401)
  })

  it('counts requests per day and per organization, and returns the last errors', async () => {
    const stats = await p.call<{ day: string; count: number }[]>('GET', '/api/sandbox/stats?days=7')
    expect(stats.body.result).toHaveLength(8)
    expect(stats.body.result?.reduce((n, d) => n + d.count, 0)).toBeGreaterThan(0)
    const byOrg = await p.call<{ organizationName: string; count: number }[]>(
      'GET',
      '/api/sandbox/stats/organizations?days=60',
    )
    expect(byOrg.body.result).toHaveLength(5)
    expect(byOrg.body.result?.[0]?.organizationName).toMatch(/\w/)
    const lastErrors = await p.call<{ status: string }[]>('GET', '/api/sandbox/getlasterrors')
    expect(lastErrors.body.result).toHaveLength(5)
    expect((await p.call('GET', '/api/sandbox/stats?days=0')).status).toBe(400)
    expect((await p.call<unknown[]>('GET', '/api/sandbox/soap')).status).toBe(200)
  })

  it('refuses event reading without the permission when enforced', async () => {
    await p.platform.db.query(
      "DELETE FROM permissions WHERE user_id = 'u0000000-0000-4000-8000-000000000002' AND name = 'events.read'",
    )
    expect((await p.call('GET', '/api/PRODUCTION/events', { token: OPERATOR })).status).toBe(403)
  })
})
