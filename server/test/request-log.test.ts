import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRequestLog } from '../request-log'
import { ADMIN, startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform()
})
afterAll(() => p.close())

const logged = async (path: string) =>
  (
    await p.platform.db.query<{ n: number }>('SELECT count(*)::int AS n FROM request_log WHERE path = $1', [
      path,
    ])
  )[0]?.n

describe('request log', () => {
  it('writes the lines after the answers, in one batch, and a flush waits for every line', async () => {
    const path = '/api/sandbox/products/v2'
    const before = await logged(path)
    await Promise.all(Array.from({ length: 20 }, () => p.call('GET', path, { token: ADMIN })))
    // The answers are in; their lines wait for the batch (100 ms) or a flush.
    await p.platform.requestLog.flush()
    expect(await logged(path)).toBe((before ?? 0) + 20)
  })

  it('lets the stats count a request made just before them', async () => {
    const stats = async () =>
      (await p.call<{ count: number }[]>('GET', '/api/sandbox/stats?days=1', { token: ADMIN })).body.result ??
      []
    const total = (rows: { count: number }[]) => rows.reduce((sum, r) => sum + r.count, 0)
    const first = total(await stats())
    const second = total(await stats())
    // The first stats request itself is counted by the second, with no wait between them.
    expect(second).toBe(first + 1)
  })

  it('keeps every field of a batch as it was given, awkward characters and missing values too', async () => {
    const log = createRequestLog(p.platform.db, { delayMs: 10_000 })
    const paths = ['/api/sandbox/a"b', '/api/sandbox/{c,d}', '/api/sandbox/e\\f', "/api/sandbox/g'h NULL"]
    const rows = paths.map((path, i) => ({
      env: 'sandbox',
      ts: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, i)).toISOString(),
      method: 'GET',
      path,
      status: 200 + i,
      organizationId: i % 2 ? null : `org-${i}`,
      durationMs: i,
      client: i % 2 ? ('console' as const) : null,
    }))
    for (const row of rows) log.record(row)
    await log.flush()
    const stored = await p.platform.db.query<Record<string, unknown>>(
      `SELECT env, ts, method, path, status, organization_id, duration_ms, client FROM request_log
       WHERE path = ANY($1) ORDER BY duration_ms`,
      [paths],
    )
    expect(
      stored.map((r) => ({
        env: r.env,
        ts: new Date(r.ts as string).toISOString(),
        method: r.method,
        path: r.path,
        status: r.status,
        organizationId: r.organization_id,
        durationMs: r.duration_ms,
        client: r.client,
      })),
    ).toEqual(rows)
  })
})
