import { beforeEach, describe, expect, it } from 'vitest'
import { cronEverRuns } from '../contract/task'
import { db } from './db'
import { queueChange, replacedIdKey } from './outbox'
import { issuesOf, replayOnce } from './replay'
import { awaitOutcome } from './save-outcome'

const scope = { userId: 'u1', organizationId: 'o1', env: 'sandbox', version: 'v2' }
const formats = '/api/sandbox/internal/products/v2/data-formats'
const create = (id: string, code: string) =>
  queueChange(scope, {
    method: 'POST',
    path: formats,
    body: { dataFormatCode: code },
    resource: 'data-formats',
    entityId: id,
    label: code,
  })

const taken = {
  success: false,
  message: 'A data format with the same code already exists.',
  error: {
    message: 'A data format with the same code already exists.',
    issues: [
      { path: 'dataFormatCode', message: 'A data format with the same code already exists.', rule: 'unique' },
    ],
  },
}

describe('the outcome a form waits for', () => {
  beforeEach(async () => {
    await db.outbox.clear()
    await db.replaced.clear()
  })

  it('is sent, with the platform id of a create', async () => {
    const entry = await create('local:00000000-0000-4000-8000-000000000001', 'NEW')
    const waiting = awaitOutcome(entry, { waitMs: 5000 })
    await replayOnce({ ...scope, send: async () => ({ status: 201, data: { id: 'df-1', updatedAt: 't1' } }) })
    expect(await waiting).toEqual({ kind: 'sent', entityId: 'df-1' })
    expect((await db.replaced.get(replacedIdKey('data-formats', entry?.entityId ?? '')))?.value).toBe('df-1')
  })

  it('is refused with the fields the platform named, a taken code being no conflict even with their entity', async () => {
    const entry = await create('local:00000000-0000-4000-8000-000000000002', 'JSON')
    const waiting = awaitOutcome(entry, { waitMs: 5000 })
    await replayOnce({
      ...scope,
      send: async () => ({ status: 409, error: taken.message, body: { ...taken, result: { id: 'x' } } }),
    })
    const outcome = await waiting
    expect(outcome.kind).toBe('refused')
    if (outcome.kind !== 'refused') return
    expect(outcome.entry.status).toBe('failed')
    expect(outcome.entry.issues).toEqual(taken.error.issues)
  })

  it('is queued after a server error or no answer, and at once offline', async () => {
    const entry = await create('local:00000000-0000-4000-8000-000000000003', 'LATER')
    const waiting = awaitOutcome(entry, { waitMs: 5000 })
    await replayOnce({ ...scope, send: async () => ({ status: 503, error: 'Down' }) })
    expect(await waiting).toMatchObject({ kind: 'queued', lastStatus: 503 })
    const offline = await create('local:00000000-0000-4000-8000-000000000004', 'OFF')
    expect(await awaitOutcome(offline, { online: false })).toMatchObject({ kind: 'queued' })
  })

  it('stops waiting when the connection goes while it waits', async () => {
    const entry = await create('local:00000000-0000-4000-8000-000000000005', 'GONE')
    let online = true
    const started = Date.now()
    const waiting = awaitOutcome(entry, { waitMs: 5000, isOnline: () => online })
    setTimeout(() => {
      online = false
    }, 150)
    expect(await waiting).toMatchObject({ kind: 'queued' })
    expect(Date.now() - started).toBeLessThan(2000)
  })
})

describe('what the platform names', () => {
  it('keeps path, message and rule of each issue, and nothing of another shape', () => {
    expect(issuesOf(taken)).toEqual(taken.error.issues)
    expect(issuesOf({ error: { issues: [{ path: 'interval', message: 'Too large' }] } })).toEqual([
      { path: 'interval', message: 'Too large' },
    ])
    expect(issuesOf({ error: { message: 'x' } })).toBeUndefined()
    expect(issuesOf('nope')).toBeUndefined()
  })
})

describe('a schedule that never runs', () => {
  it('is a day of month none of its months has, with any weekday', () => {
    expect(cronEverRuns('0 0 31 2 *')).toBe(false)
    expect(cronEverRuns('0 0 30,31 2 *')).toBe(false)
    expect(cronEverRuns('0 0 31 4,6,9,11 *')).toBe(false)
    expect(cronEverRuns('0 0 29 2 *')).toBe(true)
    expect(cronEverRuns('0 0 31 2 1')).toBe(true)
    expect(cronEverRuns('0 0 31 1-3 *')).toBe(true)
    expect(cronEverRuns('0 0 31 */2 *')).toBe(true)
    expect(cronEverRuns('0 2 * * *')).toBe(true)
  })
})
