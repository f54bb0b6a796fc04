import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform()
})
afterAll(() => p.close())

describe('the same promises under parallel requests (PGlite and PostgreSQL)', () => {
  it('lets one of 50 parallel PATCHes with the same If-Match through; the others get 412', async () => {
    const created = await p.call<{ id: string; updatedAt: string }>(
      'POST',
      '/api/sandbox/internal/products/v2',
      {
        body: { name: 'Raced', productCode: 'RACE_50', type: 'dataproduct' },
      },
    )
    expect(created.status).toBe(201)
    const { id, updatedAt } = created.body.result as { id: string; updatedAt: string }
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        p.call('PATCH', `/api/sandbox/internal/products/v2/${id}`, {
          headers: { 'If-Match': updatedAt },
          body: { name: `Raced ${i}` },
        }),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 412)).toHaveLength(49)
    const winner = answers.find((a) => a.status === 200)?.body.result as { name: string }
    const stored = await p.call<{ name: string }>('GET', `/api/sandbox/products/v2/${id}`)
    expect(stored.body.result?.name).toBe(winner.name)
  })

  it('lets 20 parallel PATCHes without If-Match all land: a write that lost the race reads again and writes', async () => {
    const created = await p.call<{ id: string }>('POST', '/api/sandbox/internal/products/v2', {
      body: { name: 'Busy', productCode: 'RACE_META', type: 'datasource' },
    })
    const id = created.body.result?.id as string
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        p.call('PATCH', `/api/sandbox/internal/products/v2/${id}`, { body: { description: `d${i}` } }),
      ),
    )
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([])
  })

  it('creates one task from 10 parallel POSTs with one Idempotency-Key, and answers each with it', async () => {
    const key = `race-${Date.now()}`
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        p.call<{ id: string }>('POST', '/api/sandbox/tasks', {
          headers: { 'Idempotency-Key': key },
          body: { name: 'Once only', code: 'ONCE_ONLY' },
        }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201))
    expect(new Set(answers.map((a) => a.body.result?.id)).size).toBe(1)
    const rows = await p.platform.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM entities WHERE kind = 'task' AND data->>'name' = 'Once only'",
    )
    expect(rows[0]?.n).toBe(1)
  })

  it('takes over a claim whose request never finished (a minute old), and never a fresh one', async () => {
    const path = '/api/sandbox/tasks'
    const body = { name: 'After a crash', code: 'AFTER_CRASH' }
    const claim = async (key: string, age: string) => {
      const { createHash } = await import('node:crypto')
      await p.platform.db.query(
        `INSERT INTO idempotency (key, user_id, method, path, body_hash, status, response, created_at)
         VALUES ($1, 'u0000000-0000-4000-8000-000000000001', 'POST', $2, $3, 0, NULL, now() - $4::interval)`,
        [key, path, createHash('sha256').update(JSON.stringify(body)).digest('hex'), age],
      )
    }
    await claim('abandoned-key', '2 minutes')
    const taken = await p.call<{ id: string }>('POST', path, {
      headers: { 'Idempotency-Key': 'abandoned-key' },
      body,
    })
    expect(taken.status).toBe(201)
    const again = await p.call<{ id: string }>('POST', path, {
      headers: { 'Idempotency-Key': 'abandoned-key' },
      body,
    })
    expect(again.body.result?.id).toBe(taken.body.result?.id)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    // A claim under way is not taken over: its request may still answer.
    await claim('fresh-key', '1 second')
    const started = Date.now()
    const waiting = p.call('POST', path, {
      headers: { 'Idempotency-Key': 'fresh-key' },
      body: { ...body, code: 'AFTER_CRASH_2' },
    })
    expect((await waiting).status).toBe(422)
    expect(Date.now() - started).toBeLessThan(5000)
    const rows = await p.platform.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM entities WHERE kind = 'task' AND data->>'name' = 'After a crash'",
    )
    expect(rows[0]?.n).toBe(1)
  })
})
