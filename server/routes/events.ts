import { Hono } from 'hono'
import { failure, ok } from '../../src/contract/envelope'
import { eventQuerySchema, soapQuerySchema, statsQuerySchema } from '../../src/contract/event'
import { parseIn } from '../../src/contract/list-query'
import { statsBuckets } from '../../src/contract/stats-buckets'
import type { Ctx, Vars } from '../context'
import { type Condition, ownOrganizations, readableProducts, readerOf, route } from '../guard'
import { pageSql } from '../store'
import { parseWith } from '../validate'

/**
 * Events, stats from the request log, last errors and the SOAP endpoints: each of the caller's
 * organizations only (administrators all), the SOAP endpoints of the products the caller may read.
 */
export const events = new Hono<{ Variables: Vars }>()

/** Adds a condition's values to `params` and gives its SQL. */
const sqlOf = (condition: Condition, params: unknown[]) => condition((value) => `$${params.push(value)}`)
/** Events of the caller's organizations, and the caller's own that name no organization. */
const eventScope = (c: Ctx, params: unknown[]) => sqlOf(ownOrganizations(readerOf(c), 'user_id'), params)

route(events, 'get', '/:env/events', async (c) => {
  const query = parseWith(eventQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const q = query.data
  const where = ['env = $1']
  const params: unknown[] = [c.get('env')]
  const add = (sql: string, value: unknown) => {
    params.push(value)
    where.push(sql.replace('?', `$${params.length}`))
  }
  const oneOf = (column: string, value: string | undefined) => {
    const values = parseIn(value)
    if (values?.length) add(`${column} = ANY(?)`, values)
  }
  // A type matches on any part of its name, whatever the case.
  const types = parseIn(q.type)
  if (types?.length)
    add(
      'type ILIKE ANY(?)',
      types.map((t) => `%${t.replace(/[\\%_]/g, '\\$&')}%`),
    )
  if (q.error === 'true') add('status = ?', 'error')
  else oneOf('status', q.status)
  oneOf('category', q.category)
  oneOf('target_type', q.targetType)
  if (q.appName) add('app_name = ?', q.appName)
  if (q.userId) add('user_id = ?', q.userId)
  if (q.organizationId) add('organization_id = ?', q.organizationId)
  if (q.taskId) add("data->>'taskId' = ?", q.taskId)
  if (q.from) add('ts >= ?', q.from)
  if (q.to) add('ts <= ?', q.to)
  const filtered = where.length > 1
  const scope = eventScope(c, params)
  where.push(scope)
  const db = c.get('platform').db
  const filter = where.join(' AND ')
  // Without a filter the total is the sum of the kept counts of the caller's organizations (and own
  // events), read in the same statement as the page, so it is the number of rows the page comes from.
  const count = filtered
    ? `SELECT count(*)::int AS n FROM events WHERE ${filter}`
    : `SELECT coalesce(sum(n), 0)::int AS n FROM event_counts WHERE env = $1 AND ${scope}`
  // The page and the count in one statement; a page past the end asks the count alone.
  const pageParams = [...params]
  const page = pageSql(q.limit, q.offset, pageParams)
  const rows = await db.query<{ data: unknown; total: number }>(
    `SELECT data, (${count}) AS total FROM events WHERE ${filter} ORDER BY ts DESC, id ${page}`,
    pageParams,
  )
  const total =
    rows[0]?.total ?? (q.offset > 0 ? ((await db.query<{ n: number }>(count, params))[0]?.n ?? 0) : 0)
  return c.json(
    ok(
      rows.map((r) => r.data),
      { totalCount: total, limit: q.limit, offset: q.offset },
    ),
  )
})

route(events, 'get', '/:env/events/:id', async (c) => {
  const params: unknown[] = [c.get('env'), c.req.param('id')]
  const [row] = await c
    .get('platform')
    .db.query<{ data: unknown }>(
      `SELECT data FROM events WHERE env = $1 AND id = $2 AND ${eventScope(c, params)}`,
      params,
    )
  return row ? c.json(ok(row.data)) : c.json(failure(`Event ${c.req.param('id')} was not found`), 404)
})

/** The console's own calls are not the platform's traffic. */
const PLATFORM_REQUESTS = "client IS DISTINCT FROM 'console'"

/** Requests (and 5xx answers) per whole day or hour of the range, zero-filled, oldest first. */
route(events, 'get', '/:env/stats', async (c) => {
  const query = parseWith(statsQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const hourly = query.data.hours !== undefined
  const buckets = statsBuckets(c.get('platform').now(), query.data)
  const key = hourly
    ? `to_char(date_trunc('hour', ts AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:00"Z"')`
    : `to_char(date_trunc('day', ts AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`
  const params: unknown[] = [c.get('env'), new Date(buckets[0]?.start ?? 0).toISOString()]
  const mine = sqlOf(ownOrganizations(readerOf(c)), params)
  await c.get('platform').requestLog.flush()
  const rows = await c.get('platform').db.query<{ key: string; count: number; errors: number }>(
    `SELECT ${key} AS key, count(*)::int AS count, count(*) FILTER (WHERE status >= 500)::int AS errors
     FROM request_log WHERE env = $1 AND ts >= $2 AND ${PLATFORM_REQUESTS} AND ${mine} GROUP BY 1 ORDER BY 1`,
    params,
  )
  const byKey = new Map(rows.map((r) => [r.key, r]))
  const result = buckets.map(({ key }) => ({
    [hourly ? 'hour' : 'day']: key,
    count: byKey.get(key)?.count ?? 0,
    errors: byKey.get(key)?.errors ?? 0,
  }))
  return c.json(ok(result, { totalCount: result.length }))
})

/** Requests per organization for the last `days` days (or `hours` hours), busiest first. */
route(events, 'get', '/:env/stats/organizations', async (c) => {
  const query = parseWith(statsQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  // The same whole periods as the requests chart.
  const since = new Date(statsBuckets(c.get('platform').now(), query.data)[0]?.start ?? 0).toISOString()
  const params: unknown[] = [c.get('env'), since]
  const mine = sqlOf(ownOrganizations(readerOf(c)), params).replace(/organization_id/g, 'r.organization_id')
  await c.get('platform').requestLog.flush()
  const result = await c.get('platform').db.query<{
    organizationId: string
    organizationName: string
    count: number
    errors: number
  }>(
    `SELECT r.organization_id AS "organizationId", coalesce(min(o.name), r.organization_id) AS "organizationName",
            count(*)::int AS count, count(*) FILTER (WHERE r.status >= 500)::int AS errors
     FROM request_log r
     LEFT JOIN entities o ON o.env = r.env AND o.kind = 'organization' AND o.id = r.organization_id
     WHERE r.env = $1 AND r.ts >= $2 AND r.organization_id IS NOT NULL AND r.${PLATFORM_REQUESTS} AND ${mine}
     GROUP BY r.organization_id ORDER BY count DESC, "organizationName" LIMIT ${query.data.limit}`,
    params,
  )
  return c.json(ok(result, { totalCount: result.length, limit: query.data.limit, offset: 0 }))
})

route(events, 'get', '/:env/getlasterrors', async (c) => {
  const query = parseWith(statsQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const params: unknown[] = [c.get('env')]
  const rows = await c
    .get('platform')
    .db.query<{ data: unknown }>(
      `SELECT data FROM events WHERE env = $1 AND status = 'error' AND ${eventScope(c, params)} ORDER BY ts DESC LIMIT ${query.data.limit}`,
      params,
    )
  return c.json(
    ok(
      rows.map((r) => r.data),
      { totalCount: rows.length, limit: query.data.limit, offset: 0 },
    ),
  )
})

/** SOAP endpoints (read only): the products reached over the SOAP protocol, with their access points. */
route(events, 'get', '/:env/soap', async (c) => {
  const query = parseWith(soapQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const { limit, offset } = query.data
  const db = c.get('platform').db
  const params: unknown[] = [c.get('env')]
  const readable = sqlOf(readableProducts(readerOf(c)), params)
  const where = `env = $1 AND kind = 'product' AND data->>'protocolId' = 'soap' AND ${readable}`
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM entities WHERE ${where}`,
    params,
  )
  const rows = await db.query<{ data: Record<string, unknown> }>(
    `SELECT data FROM entities WHERE ${where} ORDER BY name, id LIMIT ${limit} OFFSET ${offset}`,
    params,
  )
  const soap = rows.map(({ data: p }) => ({
    id: p.id,
    name: p.name,
    productCode: p.productCode,
    type: p.type,
    organizationName: p.organizationName ?? null,
    accessPoint: p.accessPoint ?? null,
  }))
  return c.json(ok(soap, { totalCount: count?.n ?? 0, limit, offset }))
})
