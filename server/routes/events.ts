import { Hono } from 'hono'
import { failure, ok } from '../../src/contract/envelope'
import { eventQuerySchema, statsQuerySchema } from '../../src/contract/event'
import { requirePermission } from '../auth'
import type { Vars } from '../context'
import { Store } from '../store'
import { parseWith } from '../validate'

/** Events, stats from the request log, last errors and the SOAP endpoints (SPEC §7). */
export const events = new Hono<{ Variables: Vars }>()
const DAY = 86_400_000

events.get('/:env/events', async (c) => {
  const user = await requirePermission(c, 'events', 'read')
  if (user instanceof Response) return user
  const query = parseWith(eventQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const q = query.data
  const where = ['env = $1']
  const params: unknown[] = [c.get('env')]
  const add = (sql: string, value: unknown) => {
    params.push(value)
    where.push(sql.replace('?', `$${params.length}`))
  }
  if (q.type) add('type = ?', q.type)
  if (q.error === 'true') add('status = ?', 'error')
  else if (q.status) add('status = ?', q.status)
  if (q.category) add('category = ?', q.category)
  if (q.targetType) add('target_type = ?', q.targetType)
  if (q.appName) add('app_name = ?', q.appName)
  if (q.userId) add('user_id = ?', q.userId)
  if (q.organizationId) add('organization_id = ?', q.organizationId)
  if (q.taskId) add("data->>'taskId' = ?", q.taskId)
  if (q.from) add('ts >= ?', q.from)
  if (q.to) add('ts <= ?', q.to)
  const db = c.get('platform').db
  const filter = where.join(' AND ')
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM events WHERE ${filter}`,
    params,
  )
  const rows = await db.query<{ data: unknown }>(
    `SELECT data FROM events WHERE ${filter} ORDER BY ts DESC, id LIMIT ${q.limit} OFFSET ${q.offset}`,
    params,
  )
  return c.json(
    ok(
      rows.map((r) => r.data),
      { totalCount: count?.n ?? 0, limit: q.limit, offset: q.offset },
    ),
  )
})

events.get('/:env/events/:id', async (c) => {
  const user = await requirePermission(c, 'events', 'read')
  if (user instanceof Response) return user
  const [row] = await c
    .get('platform')
    .db.query<{ data: unknown }>('SELECT data FROM events WHERE env = $1 AND id = $2', [
      c.get('env'),
      c.req.param('id'),
    ])
  return row ? c.json(ok(row.data)) : c.json(failure(`Event ${c.req.param('id')} was not found`), 404)
})

/** Requests per day for the last `days` days, zero-filled. */
events.get('/:env/stats', async (c) => {
  const user = await requirePermission(c, 'events', 'read')
  if (user instanceof Response) return user
  const query = parseWith(statsQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const now = c.get('platform').now()
  const since = new Date(now - query.data.days * DAY)
  const rows = await c.get('platform').db.query<{ day: string; count: number; errors: number }>(
    `SELECT to_char(date_trunc('day', ts AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*)::int AS count,
            count(*) FILTER (WHERE status >= 500)::int AS errors
     FROM request_log WHERE env = $1 AND ts >= $2 GROUP BY 1 ORDER BY 1`,
    [c.get('env'), since.toISOString()],
  )
  const byDay = new Map(rows.map((r) => [r.day, r]))
  const days = Array.from({ length: query.data.days + 1 }, (_, i) =>
    new Date(now - (query.data.days - i) * DAY).toISOString().slice(0, 10),
  )
  const result = days.map((day) => ({
    day,
    count: byDay.get(day)?.count ?? 0,
    errors: byDay.get(day)?.errors ?? 0,
  }))
  return c.json(ok(result, { totalCount: result.length }))
})

/** Requests per organization for the last `days` days, busiest first. */
events.get('/:env/stats/organizations', async (c) => {
  const user = await requirePermission(c, 'events', 'read')
  if (user instanceof Response) return user
  const query = parseWith(statsQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const since = new Date(c.get('platform').now() - query.data.days * DAY).toISOString()
  const rows = await c.get('platform').db.query<{ organizationId: string; count: number }>(
    `SELECT organization_id AS "organizationId", count(*)::int AS count FROM request_log
     WHERE env = $1 AND ts >= $2 AND organization_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT ${query.data.limit}`,
    [c.get('env'), since],
  )
  const organizations = new Store(c.get('platform').db, c.get('env'), 'organization')
  const result = await Promise.all(
    rows.map(async (r) => ({
      ...r,
      organizationName: (await organizations.get(r.organizationId))?.name ?? r.organizationId,
    })),
  )
  return c.json(ok(result, { totalCount: result.length }))
})

events.get('/:env/getlasterrors', async (c) => {
  const user = await requirePermission(c, 'events', 'read')
  if (user instanceof Response) return user
  const query = parseWith(statsQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const rows = await c
    .get('platform')
    .db.query<{ data: unknown }>(
      `SELECT data FROM events WHERE env = $1 AND status = 'error' ORDER BY ts DESC LIMIT ${query.data.limit}`,
      [c.get('env')],
    )
  return c.json(
    ok(
      rows.map((r) => r.data),
      { totalCount: rows.length, limit: query.data.limit, offset: 0 },
    ),
  )
})

/** SOAP endpoints: the products reached over the SOAP protocol. */
events.get('/:env/soap', async (c) => {
  const user = await requirePermission(c, 'products', 'read')
  if (user instanceof Response) return user
  const { items } = await new Store(c.get('platform').db, c.get('env'), 'product').list({
    limit: 1000,
    offset: 0,
  })
  const soap = items
    .filter((p) => p.protocolId === 'soap')
    .map((p) => ({ id: p.id, name: p.name, accessPoint: p.accessPoint ?? null }))
  return c.json(ok(soap, { totalCount: soap.length }))
})
