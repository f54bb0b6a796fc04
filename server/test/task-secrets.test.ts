import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Store } from '../store'
import { ADMIN, apiRoutes, fill, OPERATOR, startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
/** A port nothing listens on: the notification to it fails and is recorded. */
let closedPort = 0
beforeAll(async () => {
  p = await startPlatform({ notifyAllow: ['127.0.0.1'] })
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedPort = (probe.address() as { port: number }).port
  await new Promise((resolve) => probe.close(resolve))
})
afterAll(() => p.close())

/** Values no answer may ever carry: each is unique, so any match is a leak. */
const SECRETS = {
  appAccessToken: 'app-TOKEN-6f1c2e7d-secret',
  clientSecret: 'client-SECRET-93ab41e0-secret',
  hookToken: 'hook-TOKEN-0d5e8f17-secret',
  replacedClientSecret: 'client-SECRET-replaced-77c1-secret',
}
/**
 * A webhook's path and query: part of the task's definition, which its readers see and edit, but
 * never in an event, a last error or a log.
 */
const WEBHOOK = { hookPath: 'hookpath-5bd29c', hookQuery: 'hookquery-e40a7f' }
const leaks = (what: unknown, values: string[] = Object.values(SECRETS)) => {
  const text = typeof what === 'string' ? what : JSON.stringify(what)
  return values.filter((v) => text.includes(v))
}
const ALL = [...Object.values(SECRETS), ...Object.values(WEBHOOK)]
const T = '/api/sandbox/tasks'
type Task = Record<string, unknown> & { id: string; updatedAt: string }
const stored = async (id: string) => new Store(p.platform.db, 'sandbox', 'task').get(id)

describe('task secrets are write-only', () => {
  let task: Task
  const answers: { what: string; body: unknown }[] = []
  const seen = async <T = unknown>(what: string, answer: Promise<{ status: number; body: unknown }>) => {
    const a = await answer
    answers.push({ what, body: a.body })
    return a as { status: number; body: { result?: T; message?: string } }
  }

  it('a create answers whether each secret is set, never the value, replayed alike', async () => {
    const body = {
      name: 'Secret keeper',
      appAccessToken: SECRETS.appAccessToken,
      clientSecret: SECRETS.clientSecret,
      hookToken: SECRETS.hookToken,
      actions: [{ actionId: 'http-get', name: 'Fetch' }],
      notifications: [
        {
          url: `http://127.0.0.1:${closedPort}/${WEBHOOK.hookPath}?key=${WEBHOOK.hookQuery}`,
          sendOnSuccess: true,
          sendOnError: true,
        },
      ],
    }
    const headers = { 'Idempotency-Key': 'secret-create-1' }
    const created = await seen<Task>('create', p.call('POST', T, { body, headers }))
    expect(created.status).toBe(201)
    task = created.body.result as Task
    expect(task).toMatchObject({ appAccessTokenSet: true, clientSecretSet: true, hookTokenSet: true })
    expect(task).not.toHaveProperty('clientSecret')
    const replay = await seen('create replay', p.call('POST', T, { body, headers }))
    expect(replay.body).toEqual(created.body)
    // What is stored is what was written: the secrets work, they are only never read back.
    expect(await stored(task.id)).toMatchObject({
      appAccessToken: SECRETS.appAccessToken,
      clientSecret: SECRETS.clientSecret,
      hookToken: SECRETS.hookToken,
    })
  })

  it('a PUT of what was read keeps every secret; a new value replaces one, an empty text removes one', async () => {
    const read = await seen<Task>('detail', p.call('GET', `${T}/${task.id}`))
    const { jobs: _jobs, ...asRead } = read.body.result as Task
    const put = await seen<Task>(
      'put as read',
      p.call('PUT', `${T}/${task.id}`, { body: asRead, headers: { 'Idempotency-Key': 'secret-put-1' } }),
    )
    expect(put.status).toBe(200)
    expect(await stored(task.id)).toMatchObject({
      appAccessToken: SECRETS.appAccessToken,
      clientSecret: SECRETS.clientSecret,
      hookToken: SECRETS.hookToken,
    })
    const changed = await seen<Task>(
      'put replacing',
      p.call('PUT', `${T}/${task.id}`, {
        body: { ...asRead, clientSecret: SECRETS.replacedClientSecret, hookToken: '' },
        headers: { 'Idempotency-Key': 'secret-put-2' },
      }),
    )
    expect(changed.body.result).toMatchObject({
      appAccessTokenSet: true,
      clientSecretSet: true,
      hookTokenSet: false,
    })
    const now = await stored(task.id)
    expect(now?.clientSecret).toBe(SECRETS.replacedClientSecret)
    expect(now?.appAccessToken).toBe(SECRETS.appAccessToken)
    expect(now).not.toHaveProperty('hookToken')
    expect(now).not.toHaveProperty('clientSecretSet')
    // The version it was based on is gone: the conflict shows the current task, without its secrets.
    const stale = await seen<Task>(
      'stale put',
      p.call('PUT', `${T}/${task.id}`, {
        body: { ...asRead, clientSecret: SECRETS.clientSecret },
        headers: { 'If-Match': String(asRead.updatedAt) },
      }),
    )
    expect(stale.status).toBe(412)
    expect(stale.body.result).toMatchObject({ id: task.id, clientSecretSet: true })
    // Put back for the rest of the tests: every known value is stored somewhere.
    await seen(
      'put restoring',
      p.call('PUT', `${T}/${task.id}`, { body: { ...asRead, hookToken: SECRETS.hookToken } }),
    )
  })

  it('runs, commands, jobs and a failed notification never name a secret or the webhook path', async () => {
    const run = await seen<{ task: Task }>(
      'run',
      p.call('POST', `${T}/${task.id}/run`, { headers: { 'Idempotency-Key': 'secret-run-1' } }),
    )
    expect(run.status).toBe(200)
    expect(run.body.result?.task).toMatchObject({ clientSecretSet: true })
    await seen('start', p.call('POST', `${T}/${task.id}/start`))
    await seen('stop', p.call('POST', `${T}/${task.id}/stop`))
    await seen('jobs', p.call('PUT', `${T}/${task.id}/jobs`, { body: { jobs: [{ schedule: '0 2 * * *' }] } }))
    const events = await p.call<{ message: string; type: string }[]>('GET', `/api/sandbox/events?limit=100`)
    const failed = events.body.result?.find((e) => e.type === 'TASK_NOTIFICATION_FAILED')
    expect(failed?.message).toBe(`Notification to http://127.0.0.1:${closedPort} failed`)
  })

  it('no answer of any read route, as the administrator or the operator, carries a secret', async () => {
    await p.call('POST', T, {
      body: { name: 'Second keeper', clientSecret: SECRETS.clientSecret, hookToken: SECRETS.hookToken },
    })
    const reads = apiRoutes(p).filter((r) => r.method === 'GET')
    expect(reads.length).toBeGreaterThan(20)
    for (const token of [ADMIN, OPERATOR])
      for (const r of reads)
        for (const path of [fill(r.path, 'sandbox', { id: task.id }), fill(r.path, 'sandbox')]) {
          const answer = await p.call('GET', `/api${path}`, { token })
          answers.push({ what: `GET ${path}`, body: answer.body })
        }
    const leaked = answers.flatMap(({ what, body }) => leaks(body).map((v) => `${what}: ${v}`))
    expect(leaked).toEqual([])
    // Events, last errors and stats name the webhook by its host only.
    const elsewhere = answers.filter(({ what }) => what.startsWith('GET') && !what.includes('/tasks'))
    expect(elsewhere.length).toBeGreaterThan(20)
    expect(elsewhere.flatMap(({ what, body }) => leaks(body, ALL).map((v) => `${what}: ${v}`))).toEqual([])
    // The list shows the flags too (the form of a listed task knows what is set).
    const list = await p.call<Task[]>('GET', `${T}?limit=100`)
    expect(list.body.result?.find((t) => t.id === task.id)).toMatchObject({ clientSecretSet: true })
  })

  it('neither events nor idempotency records nor the request log keep a secret', async () => {
    await p.platform.requestLog.flush()
    for (const table of ['events', 'idempotency', 'request_log']) {
      const rows = await p.platform.db.query(`SELECT * FROM ${table}`)
      expect(rows.length, table).toBeGreaterThan(0)
      expect(leaks(rows, table === 'idempotency' ? undefined : ALL), table).toEqual([])
    }
  })
})

describe('a token creation replayed', () => {
  it('answers the token without its value: the idempotency record keeps no token', async () => {
    const base = '/api/sandbox/v2/u0000000-0000-4000-8000-000000000001/app-tokens'
    const body = { name: 'Once', expirationDate: new Date(Date.now() + 86_400_000).toISOString() }
    const headers = { 'Idempotency-Key': 'secret-token-1' }
    const first = await p.call<{ id: string; fullValue?: string }>('POST', base, { body, headers })
    const value = first.body.result?.fullValue ?? ''
    expect(value).toMatch(/^otk_/)
    const again = await p.call<{ id: string; fullValue?: string }>('POST', base, { body, headers })
    expect(again.status).toBe(201)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(again.body.result?.id).toBe(first.body.result?.id)
    expect(again.body.result).not.toHaveProperty('fullValue')
    expect(again.body.message).toMatch(/shown only then/)
    const records = await p.platform.db.query('SELECT * FROM idempotency')
    expect(JSON.stringify(records)).not.toContain(value)
  })
})
