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
})
