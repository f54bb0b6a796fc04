import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, OPERATOR, startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform()
})
afterAll(() => p.close())

interface Event {
  id: string
  type: string
  status: string
  timestamp: string
  category: string
  targetType: string
}

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
    expect(stats.body.result).toHaveLength(7)
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

  it('filters by in: lists and answers one event by id', async () => {
    const some = await p.call<Event[]>(
      'GET',
      '/api/sandbox/events?status=in:warning,error&category=tasks&limit=100',
    )
    expect(some.body.result?.length).toBeGreaterThan(0)
    expect(
      some.body.result?.every((e) => ['warning', 'error'].includes(e.status) && e.category === 'tasks'),
    ).toBe(true)
    const first = some.body.result?.[0] as Event
    expect((await p.call<Event>('GET', `/api/sandbox/events/${first.id}`)).body.result).toEqual(first)
    expect((await p.call('GET', `/api/PRODUCTION/events/${first.id}`)).status).toBe(404)
    expect((await p.call('GET', `/api/sandbox/events/${first.id}`, { token: null })).status).toBe(401)
    const to = new Date(Date.now() - 86_400_000).toISOString()
    const from = new Date().toISOString()
    expect((await p.call('GET', `/api/sandbox/events?from=${from}&to=${to}`)).status).toBe(400)
    expect((await p.call('GET', '/api/sandbox/events?limit=0')).status).toBe(400)
  })

  it('keeps sandbox and production events apart', async () => {
    const sandbox = await p.call<Event[]>('GET', '/api/sandbox/events?limit=1')
    const production = await p.call<Event[]>('GET', '/api/PRODUCTION/events?limit=1')
    expect(production.body.pagination?.totalCount).toBeLessThan(sandbox.body.pagination?.totalCount ?? 0)
    expect(production.body.result?.[0]?.id).not.toBe(sandbox.body.result?.[0]?.id)
  })

  it('counts per day with zeros, per organization with names, and lists SOAP products', async () => {
    const now = Date.now()
    await p.platform.requestLog.flush()
    await p.platform.db.query("DELETE FROM request_log WHERE env = 'production'")
    await p.platform.db.query(
      `INSERT INTO request_log (env, ts, method, path, status, organization_id, duration_ms) VALUES
       ('production', $1, 'GET', '/x', 200, 'o0000000-0000-4000-8000-000000000002', 1),
       ('production', $1, 'GET', '/x', 503, 'o0000000-0000-4000-8000-000000000002', 1),
       ('production', $2, 'GET', '/x', 200, 'o0000000-0000-4000-8000-000000000005', 1),
       ('production', $3, 'GET', '/x', 200, 'o0000000-0000-4000-8000-000000000005', 1)`,
      [
        new Date(now - 2 * 86_400_000).toISOString(),
        new Date(now - 3 * 86_400_000).toISOString(),
        new Date(now - 20 * 86_400_000).toISOString(),
      ],
    )
    const stats = await p.call<{ day: string; count: number; errors: number }[]>(
      'GET',
      '/api/PRODUCTION/stats?days=7',
    )
    const day = (ago: number) => new Date(now - ago * 86_400_000).toISOString().slice(0, 10)
    const byDay = Object.fromEntries(stats.body.result?.map((d) => [d.day, d]) ?? [])
    expect(byDay[day(2)]).toEqual({ day: day(2), count: 2, errors: 1 })
    expect(byDay[day(3)]).toMatchObject({ count: 1, errors: 0 })
    expect(byDay[day(5)]).toMatchObject({ count: 0, errors: 0 })
    const byOrg = await p.call<{ organizationName: string; count: number; errors: number }[]>(
      'GET',
      '/api/PRODUCTION/stats/organizations?days=7',
    )
    expect(byOrg.body.result).toEqual([
      {
        organizationId: 'o0000000-0000-4000-8000-000000000002',
        organizationName: 'Aalto Logistics',
        count: 2,
        errors: 1,
      },
      {
        organizationId: 'o0000000-0000-4000-8000-000000000005',
        organizationName: 'Zeta Analytics',
        count: 1,
        errors: 0,
      },
    ])
    expect((await p.call('GET', '/api/PRODUCTION/stats/organizations?limit=1000')).status).toBe(400)
    expect((await p.call('GET', '/api/PRODUCTION/stats/organizations', { token: null })).status).toBe(401)
    const soap = await p.call<{ id: string; accessPoint: string | null }[]>('GET', '/api/sandbox/soap')
    const soapProducts = await p.platform.db.query(
      "SELECT id FROM entities WHERE env = 'sandbox' AND kind = 'product' AND data->>'protocolId' = 'soap'",
    )
    expect(soap.body.pagination?.totalCount).toBe(soapProducts.length)
    expect(soap.body.result?.length).toBe(soapProducts.length)
    expect((await p.call('GET', '/api/sandbox/soap?limit=abc')).status).toBe(400)
    expect((await p.call('GET', '/api/sandbox/soap', { token: null })).status).toBe(401)
    const lastErrors = await p.call<Event[]>('GET', '/api/sandbox/getlasterrors?limit=3')
    expect(lastErrors.body.result?.map((e) => e.status)).toEqual(['error', 'error', 'error'])
    const times = lastErrors.body.result?.map((e) => e.timestamp) ?? []
    expect(times).toEqual([...times].sort().reverse())
    expect((await p.call('GET', '/api/sandbox/getlasterrors?limit=-5')).status).toBe(400)
    expect((await p.call('GET', '/api/sandbox/getlasterrors', { token: null })).status).toBe(401)
  })

  it('counts per hour for the 24 h and 48 h ranges, and per organization over hours', async () => {
    const now = Date.now()
    await p.platform.requestLog.flush()
    await p.platform.db.query("DELETE FROM request_log WHERE env = 'production'")
    await p.platform.db.query(
      `INSERT INTO request_log (env, ts, method, path, status, organization_id, duration_ms) VALUES
       ('production', $1, 'GET', '/x', 200, 'o0000000-0000-4000-8000-000000000002', 1),
       ('production', $1, 'GET', '/x', 500, 'o0000000-0000-4000-8000-000000000002', 1),
       ('production', $2, 'GET', '/x', 200, 'o0000000-0000-4000-8000-000000000005', 1)`,
      [new Date(now - 3 * 3_600_000).toISOString(), new Date(now - 30 * 3_600_000).toISOString()],
    )
    const hour = (ago: number) => `${new Date(now - ago * 3_600_000).toISOString().slice(0, 13)}:00Z`
    const day = await p.call<{ hour: string; count: number; errors: number }[]>(
      'GET',
      '/api/PRODUCTION/stats?hours=24',
    )
    expect(day.body.result).toHaveLength(24)
    const byHour = Object.fromEntries(day.body.result?.map((h) => [h.hour, h]) ?? [])
    expect(byHour[hour(3)]).toEqual({ hour: hour(3), count: 2, errors: 1 })
    expect(byHour[hour(30)]).toBeUndefined()
    // The calls of this test are logged too, in the current hour only.
    expect(byHour[hour(5)]).toEqual({ hour: hour(5), count: 0, errors: 0 })
    const two = await p.call<{ hour: string; count: number }[]>('GET', '/api/PRODUCTION/stats?hours=48')
    expect(two.body.result).toHaveLength(48)
    expect(two.body.result?.find((h) => h.hour === hour(30))?.count).toBe(1)
    const byOrg = await p.call<{ organizationName: string; count: number }[]>(
      'GET',
      '/api/PRODUCTION/stats/organizations?hours=24',
    )
    expect(byOrg.body.result?.map((o) => [o.organizationName, o.count])).toEqual([['Aalto Logistics', 2]])
    expect((await p.call('GET', '/api/PRODUCTION/stats?hours=0')).status).toBe(400)
    expect((await p.call('GET', '/api/PRODUCTION/stats?hours=500')).status).toBe(400)
  })

  it("leaves the console's own calls out of the stats, and counts whole periods only", async () => {
    await p.platform.requestLog.flush()
    await p.platform.db.query("DELETE FROM request_log WHERE env = 'production'")
    const now = p.platform.now()
    // Just before the first whole day of a week: outside the range, not a partial first bucket.
    const dayStart = Math.floor(now / 86_400_000) * 86_400_000
    await p.platform.db.query(
      `INSERT INTO request_log (env, ts, method, path, status, organization_id, duration_ms) VALUES
       ('production', $1, 'GET', '/x', 200, 'o0000000-0000-4000-8000-000000000002', 1)`,
      [new Date(dayStart - 6 * 86_400_000 - 1000).toISOString()],
    )
    const fromConsole = { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Dest': 'empty' }
    for (let i = 0; i < 3; i++) await p.call('GET', '/api/PRODUCTION/configs', { headers: fromConsole })
    await p.call('GET', '/api/PRODUCTION/configs')
    const week = await p.call<{ day: string; count: number }[]>('GET', '/api/PRODUCTION/stats?days=7', {
      headers: fromConsole,
    })
    expect(week.body.result).toHaveLength(7)
    expect(week.body.result?.[0]?.day).toBe(new Date(dayStart - 6 * 86_400_000).toISOString().slice(0, 10))
    // Only the call made without the console's headers is counted.
    expect(week.body.result?.reduce((n, d) => n + d.count, 0)).toBe(1)
  })

  it('matches the event type on any part of its name, whatever the case', async () => {
    const first = await p.call<Event[]>('GET', '/api/sandbox/events?limit=1')
    const type = first.body.result?.[0]?.type ?? ''
    const exact = await p.call<Event[]>('GET', `/api/sandbox/events?type=${type}&limit=1`)
    const part = type.slice(1, -1).toLowerCase()
    const found = await p.call<Event[]>(
      'GET',
      `/api/sandbox/events?type=${encodeURIComponent(part)}&limit=500`,
    )
    expect(found.body.result?.length).toBeGreaterThan(0)
    for (const e of found.body.result ?? []) expect(e.type.toLowerCase()).toContain(part)
    expect(found.body.pagination?.totalCount).toBeGreaterThanOrEqual(exact.body.pagination?.totalCount ?? 1)
    expect(exact.body.pagination?.totalCount).toBeGreaterThan(0)
    expect(
      (await p.call<Event[]>('GET', '/api/sandbox/events?type=%25')).body.result,
      'a % is a character, not a wildcard',
    ).toEqual([])
  })

  it('seeds events whose targets are real entities of their type', async () => {
    const { body } = await p.call<
      { targetType: string; targetEntityId: string; contractId?: string; productId: string }[]
    >('GET', '/api/sandbox/events?targetType=in:contract,data-format&limit=200')
    const events = body.result ?? []
    expect(events.some((e) => e.targetType === 'contract')).toBe(true)
    for (const e of events) {
      const kind = e.targetType
      const rows = await p.platform.db.query(
        "SELECT id FROM entities WHERE env = 'sandbox' AND kind = $1 AND id = $2",
        [kind, e.targetEntityId],
      )
      expect(rows, `${kind} ${e.targetEntityId}`).toHaveLength(1)
      if (kind === 'contract') expect(e.contractId).toBe(e.targetEntityId)
    }
  })

  it('totals the events each caller may read, whatever is added or removed', async () => {
    const db = p.platform.db
    const operator = 'u0000000-0000-4000-8000-000000000002'
    // A member of another organization than the operator's.
    const viewer = 'count-member'
    await addMember(p, {
      id: viewer,
      token: 'count-member-token',
      organizationId: 'o0000000-0000-4000-8000-000000000003',
    })
    const expected = async (env: string, userId?: string) =>
      (
        await db.query<{ n: number }>(
          userId
            ? `SELECT count(*)::int AS n FROM events WHERE env = $1 AND (organization_id IN
                 (SELECT organization_id FROM memberships WHERE user_id = $2)
                 OR (organization_id IS NULL AND user_id = $2))`
            : 'SELECT count(*)::int AS n FROM events WHERE env = $1',
          userId ? [env, userId] : [env],
        )
      )[0]?.n
    const totals = async () => {
      const out: Record<string, unknown> = {}
      for (const env of ['sandbox', 'production'])
        for (const [who, token] of [
          ['admin', undefined],
          [operator, OPERATOR],
          [viewer, 'count-member-token'],
        ] as const) {
          const answer = await p.call('GET', `/api/${env}/events?limit=1`, { token })
          out[`${env} ${who}`] = [
            answer.body.pagination?.totalCount,
            await expected(env, who === 'admin' ? undefined : who),
          ]
          // A page past the end has no row to carry the total: asked alone, it is the same.
          const past = await p.call('GET', `/api/${env}/events?limit=1&offset=100000`, { token })
          expect(past.body.pagination?.totalCount).toBe(answer.body.pagination?.totalCount)
        }
      return out
    }
    const agree = (all: Record<string, unknown>) => {
      for (const [key, [shown, counted]] of Object.entries(all) as [string, [number, number]][])
        expect({ key, shown }).toEqual({ key, shown: counted })
    }
    agree(await totals())
    // Events of no organization (the operator's own, and another's), of an empty one, of each kind of
    // organization, in both environments; then some removed, one moved to another organization.
    const add = (id: string, env: string, org: string | null, user: string | null) =>
      db.query(
        `INSERT INTO events (env, id, ts, type, status, app_name, user_id, organization_id, data)
         VALUES ($1, $2, now(), 'TEST', 'success', 'test', $3, $4, $5)`,
        [env, id, user, org, { id, type: 'TEST' }],
      )
    await add('count-1', 'sandbox', null, operator)
    await add('count-2', 'sandbox', null, viewer)
    await add('count-3', 'sandbox', '', operator)
    await add('count-4', 'sandbox', 'o0000000-0000-4000-8000-000000000001', null)
    await add('count-5', 'production', 'o0000000-0000-4000-8000-000000000003', viewer)
    await add('count-6', 'production', null, operator)
    agree(await totals())
    await db.query("DELETE FROM events WHERE id IN ('count-1', 'count-4')")
    await db.query(
      "UPDATE events SET organization_id = 'o0000000-0000-4000-8000-000000000003' WHERE id = 'count-6'",
    )
    agree(await totals())
    await db.query("DELETE FROM events WHERE id LIKE 'count-%'")
    agree(await totals())
  })

  it("gives a product's events its publisher, unless the caller acts for an organization", async () => {
    const products = await p.call<{ id: string; publisherOrganizationId?: string }[]>(
      'GET',
      '/api/sandbox/products/v2?limit=100',
    )
    const product = products.body.result?.find((x) => x.publisherOrganizationId)
    if (!product?.publisherOrganizationId) throw new Error('no product with a publisher')
    const other = ['o0000000-0000-4000-8000-000000000001', 'o0000000-0000-4000-8000-000000000002'].find(
      (o) => o !== product.publisherOrganizationId,
    ) as string
    // The events of the product written since the last look: one per change.
    const seen = new Set<string>()
    const newest = async () => {
      const rows = await p.platform.db.query<{
        id: string
        organization_id: string | null
        data: { organizationId?: string }
      }>(`SELECT id, organization_id, data FROM events WHERE data->>'productId' = $1`, [product.id])
      const fresh = rows.filter((r) => !seen.has(r.id))
      for (const r of rows) seen.add(r.id)
      return fresh.map((r) => [r.organization_id, r.data.organizationId])
    }
    await newest()
    const path = `/api/sandbox/internal/products/v2/${product.id}`
    expect((await p.call('PATCH', path, { body: { description: 'counted' } })).status).toBe(200)
    expect(await newest()).toEqual([[product.publisherOrganizationId, product.publisherOrganizationId]])
    const acting = await p.call('PATCH', path, {
      body: { description: 'counted again' },
      headers: { 'Organization-Id': other },
    })
    expect(acting.status).toBe(200)
    expect(await newest()).toEqual([[other, other]])
  })

  it('refuses event reading without the permission, in every environment', async () => {
    await p.platform.db.query(
      "DELETE FROM permissions WHERE user_id = 'u0000000-0000-4000-8000-000000000002' AND name = 'events.read'",
    )
    for (const path of ['events', 'stats', 'stats/organizations', 'getlasterrors', 'soap'])
      expect((await p.call('GET', `/api/PRODUCTION/${path}`, { token: OPERATOR })).status, path).toBe(403)
    // The sandbox's config turns the console's checks off, not the platform's.
    expect((await p.call('GET', '/api/sandbox/stats', { token: OPERATOR })).status).toBe(403)
  })
})
