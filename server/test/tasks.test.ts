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

  it('validates cron schedules field by field', async () => {
    const create = (schedule: string) =>
      p.call('POST', '/api/sandbox/tasks', { body: { name: 'Cron', jobs: [{ schedule }] } })
    for (const good of ['*/15 2-4 * JAN-MAR MON', '0 0 1,15 * *', '59 23 31 12 7'])
      expect((await create(good)).status, good).toBe(201)
    for (const bad of ['61 * * * *', '* * * *', '0 2 * * * *', '5-1 * * * *', '*/0 * * * *', 'a b c d e']) {
      const refused = await create(bad)
      expect(refused.status, bad).toBe(400)
      expect(refused.body.error?.issues?.[0]).toEqual({
        path: 'jobs.0.schedule',
        message: 'Please enter a cron schedule of five fields, e.g. "0 2 * * *"',
      })
    }
  })

  it('refuses a schedule whose date never comes', async () => {
    const refused = await p.call('POST', '/api/sandbox/tasks', {
      body: { name: 'Never', jobs: [{ schedule: '0 0 31 2 *' }] },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error?.issues?.[0]).toEqual({
      path: 'jobs.0.schedule',
      message: 'This schedule never runs: no month has that day',
    })
    // A weekday field makes it run on those weekdays anyway, and the 31st comes in other months.
    for (const good of ['0 0 31 2 1', '0 0 31 1-3 *', '0 0 30 */2 *'])
      expect(
        (await p.call('POST', '/api/sandbox/tasks', { body: { name: 'Some', jobs: [{ schedule: good }] } }))
          .status,
        good,
      ).toBe(201)
  })

  it('replaces the jobs of an existing task with their own call, on the version the change was made on', async () => {
    const created = await p.call<Task>('POST', '/api/sandbox/tasks', { body: { ...task, code: 'JOBS' } })
    const id = created.body.result?.id as string
    const jobs = [{ schedule: '15 4 * * *', timeZone: 'UTC' }, { schedule: '0 12 * * 1-5' }]
    const headers = { 'If-Match': created.body.result?.updatedAt as string }
    const changed = await p.call<Task>('PUT', `/api/sandbox/tasks/${id}/jobs`, { body: { jobs }, headers })
    expect(changed.status).toBe(200)
    expect(changed.body.result?.jobs).toEqual(jobs)
    expect(changed.body.result?.name).toBe(task.name)
    const stale = await p.call('PUT', `/api/sandbox/tasks/${id}/jobs`, { body: { jobs: [] }, headers })
    expect(stale.status).toBe(412)
    const bad = await p.call('PUT', `/api/sandbox/tasks/${id}/jobs`, {
      body: { jobs: [{ schedule: '0 0 31 2 *' }] },
    })
    expect(bad.status).toBe(400)
    expect((await p.call('PUT', '/api/sandbox/tasks/nope/jobs', { body: { jobs: [] } })).status).toBe(404)
  })

  it('keeps the status and last run on a PUT without them, with If-Match and idempotent runs', async () => {
    const created = await p.call<Task>('POST', '/api/sandbox/tasks', { body: { ...task, code: 'KEEPER' } })
    const id = created.body.result?.id as string
    await p.call('POST', `/api/sandbox/tasks/${id}/start`)
    const headers = { 'Idempotency-Key': `run-${id}` }
    const run = await p.call<{ task: Task }>('POST', `/api/sandbox/tasks/${id}/run`, { headers })
    const again = await p.call<{ task: Task }>('POST', `/api/sandbox/tasks/${id}/run`, { headers })
    expect(again.body).toEqual(run.body)
    expect(
      (await p.call<unknown[]>('GET', `/api/sandbox/tasks/${id}/runs`)).body.pagination?.totalCount,
    ).toBe(1)
    const { jobs: _jobs, ...withoutJobs } = task
    // Someone else changes the definition: an edit made on the version before it is stale.
    const theirs = await p.call<Task>('PUT', `/api/sandbox/tasks/${id}`, {
      body: { ...withoutJobs, name: 'Theirs' },
      headers: { 'If-Match': run.body.result?.task.updatedAt as string },
    })
    expect(theirs.status).toBe(200)
    const stale = await p.call<Task>('PUT', `/api/sandbox/tasks/${id}`, {
      body: { ...withoutJobs, name: 'Old view' },
      headers: { 'If-Match': created.body.result?.updatedAt as string },
    })
    expect(stale.status).toBe(412)
    expect(stale.body.result?.status).toBe('running')
    const current = theirs.body.result as Task
    const updated = await p.call<Task>('PUT', `/api/sandbox/tasks/${id}`, {
      body: { ...withoutJobs, name: 'Kept' },
      headers: { 'If-Match': current.updatedAt },
    })
    expect(updated.status).toBe(200)
    expect(updated.body.result).toMatchObject({
      name: 'Kept',
      status: 'running',
      lastRun: { outcome: 'success' },
    })
    expect((await p.call('DELETE', `/api/sandbox/tasks/${id}`)).status).toBe(200)
    expect((await p.call('GET', `/api/sandbox/tasks/${id}/runs`)).status).toBe(404)
    const runs = await p.platform.db.query(
      "SELECT id FROM entities WHERE kind = 'task-run' AND parent_id = $1",
      [id],
    )
    expect(runs).toEqual([])
  })

  it('versions the definition apart from the run state: runs, start and stop are no conflict for an edit', async () => {
    const created = await p.call<Task>('POST', '/api/sandbox/tasks', {
      body: { ...task, code: 'EVERYMINUTE' },
    })
    const id = created.body.result?.id as string
    const base = created.body.result?.updatedAt as string
    // What the platform does by itself while an edit waits offline: start, runs (one failing), stop.
    await p.call('POST', `/api/sandbox/tasks/${id}/start`)
    for (let i = 0; i < 3; i++) await p.call('POST', `/api/sandbox/tasks/${id}/run`)
    const ran = (await p.call<Task>('GET', `/api/sandbox/tasks/${id}`)).body.result as Task
    expect(ran.updatedAt > base).toBe(true)
    expect(ran.lastRun?.outcome).toBe('success')
    const { jobs: _jobs, ...withoutJobs } = task
    const edit = (name: string, headers: Record<string, string>, extra: object = {}) =>
      p.call<Task>('PUT', `/api/sandbox/tasks/${id}`, { body: { ...withoutJobs, name, ...extra }, headers })
    // An edit of the definition made on the version before the runs goes through, keeping the run state.
    const mine = await edit('Edited offline', { 'If-Match': base })
    expect(mine.status).toBe(200)
    expect(mine.body.result).toMatchObject({
      name: 'Edited offline',
      status: 'running',
      lastRun: { outcome: 'success' },
    })
    // An edit that sets the status meets the run state changed since its version.
    const afterMine = mine.body.result?.updatedAt as string
    await p.call('POST', `/api/sandbox/tasks/${id}/stop`)
    expect((await edit('Status too', { 'If-Match': afterMine }, { status: 'running' })).status).toBe(412)
    // A definition change by someone else is a conflict still.
    expect((await edit('Older view', { 'If-Match': base })).status).toBe(412)
    // A version the platform never gave is stale.
    expect((await edit('Forged', { 'If-Match': '2999-01-01T00:00:00.000Z' })).status).toBe(412)
    expect((await edit('Forged', { 'If-Match': 'nonsense' })).status).toBe(412)
    // A delete based on the version before a run deletes.
    const current = (await p.call<Task>('GET', `/api/sandbox/tasks/${id}`)).body.result as Task
    await p.call('POST', `/api/sandbox/tasks/${id}/run`)
    expect(
      (await p.call('DELETE', `/api/sandbox/tasks/${id}`, { headers: { 'If-Match': current.updatedAt } }))
        .status,
    ).toBe(200)
  })

  it('a seeded task without a definition version counts its first run as run state', async () => {
    const list = await p.call<Task[]>('GET', '/api/sandbox/tasks?limit=1&sort=name:asc')
    const seeded = list.body.result?.[0] as Task
    await p.call('POST', `/api/sandbox/tasks/${seeded.id}/run`)
    const {
      id: _id,
      updatedAt: _u,
      lastRun: _l,
      status: _s,
      scheduled: _sc,
      nextRunAt: _n,
      jobs: _j,
      ...rest
    } = seeded as Task & Record<string, unknown>
    const edited = await p.call<Task>('PUT', `/api/sandbox/tasks/${seeded.id}`, {
      body: { ...rest, name: `${seeded.name} (edited)` },
      headers: { 'If-Match': seeded.updatedAt },
    })
    expect(edited.status).toBe(200)
  })

  it('ends a run with a warning without enabled actions and with an error at an unknown action', async () => {
    const quiet = await p.call<Task>('POST', '/api/sandbox/tasks', {
      body: { name: 'Quiet', actions: [{ actionId: 'http-get', enabled: false }] },
    })
    const warned = await p.call<{ run: { outcome: string }; task: Task }>(
      'POST',
      `/api/sandbox/tasks/${quiet.body.result?.id}/run`,
    )
    expect(warned.body.result?.run.outcome).toBe('warning')
    expect(warned.body.result?.task.status).toBe('warning')
    const broken = await p.call<Task>('POST', '/api/sandbox/tasks', {
      body: {
        name: 'Broken',
        actions: [
          { actionId: 'http-get', name: 'Fetch' },
          { actionId: 'teleport', name: 'Beam' },
          { actionId: 'notify', name: 'Tell' },
        ],
      },
    })
    const failed = await p.call<{ run: { outcome: string; result: string; steps: { outcome: string }[] } }>(
      'POST',
      `/api/sandbox/tasks/${broken.body.result?.id}/run`,
    )
    expect(failed.body.result?.run.outcome).toBe('error')
    expect(failed.body.result?.run.result).toBe('Beam failed: Unknown action teleport')
    expect(failed.body.result?.run.steps.map((x) => x.outcome)).toEqual(['success', 'error', 'skipped'])
    const events = await p.call<{ type: string; status: string }[]>(
      'GET',
      `/api/sandbox/events?taskId=${broken.body.result?.id}&limit=1`,
    )
    expect(events.body.result?.[0]).toMatchObject({ type: 'TASK_RUN_FAILED', status: 'error' })
  })

  it('refuses runs, history and execution without a token, the permission or a good query', async () => {
    const list = await p.call<Task[]>('GET', '/api/PRODUCTION/tasks?limit=1')
    expect(list.body.pagination?.totalCount).toBe(4)
    const id = list.body.result?.[0]?.id as string
    expect((await p.call('POST', `/api/PRODUCTION/tasks/${id}/run`, { token: null })).status).toBe(401)
    expect((await p.call('GET', `/api/PRODUCTION/tasks/${id}/runs`, { token: null })).status).toBe(401)
    expect((await p.call('GET', `/api/PRODUCTION/tasks/${id}/runs?offset=-1`)).status).toBe(400)
    expect((await p.call('POST', `/api/PRODUCTION/tasks/${id}/start`, { token: OPERATOR })).status).toBe(200)
    await p.platform.db.query(
      "DELETE FROM permissions WHERE user_id = 'u0000000-0000-4000-8000-000000000002' AND name = 'tasks.execute'",
    )
    const refused = await p.call('POST', `/api/PRODUCTION/tasks/${id}/stop`, { token: OPERATOR })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Access denied.')
    expect(
      (await p.call('POST', '/api/PRODUCTION/tasks', { token: OPERATOR, body: { name: 'Op task' } })).status,
    ).toBe(201)
  })

  it('serves the action schemas sorted by name', async () => {
    const actions = await p.call<{ id: string; name: string; options: unknown[] }[]>(
      'GET',
      '/api/sandbox/actions?sort=name:asc',
    )
    const names = actions.body.result?.map((a) => a.name) ?? []
    expect(names).toEqual([...names].sort())
    expect(actions.body.result?.[0]?.options.length).toBeGreaterThan(0)
    expect(actions.body.result?.map((a) => a.id).sort()).toEqual([
      'http-get',
      'http-post',
      'notify',
      'sql-query',
      'store-file',
      'transform',
    ])
    const desc = await p.call<{ name: string }[]>('GET', '/api/sandbox/actions?sort=name:desc')
    expect(desc.body.result?.map((a) => a.name)).toEqual([...names].reverse())
    expect((await p.call('GET', '/api/sandbox/actions?sort=size:asc')).status).toBe(400)
    expect((await p.call('GET', '/api/sandbox/actions', { token: null })).status).toBe(401)
  })
})
