import type { MiddlewareHandler } from 'hono'

/**
 * `PLATFORM_PROFILE=minimal`: the platform answers with the least the specification promises, so the console
 * is tried against a platform that is not this one. Lists come as plain arrays (data formats keep
 * `itemList` and `totalCount`, which the SPEC names for them), pagination without `totalCount`,
 * times as epoch seconds, empty optional fields absent, a field the console does not know on every
 * entity, ids that are no uuids (`newId` in store.ts), and no run history or quality-attributes
 * collection (calls the SPEC does not list).
 * `updatedAt` stays as it is: it is the version an edit's If-Match sends back.
 */
export const MINIMAL = process.env.PLATFORM_PROFILE === 'minimal'

const TIMES = new Set(['timestamp', 'createdAt', 'startedAt', 'finishedAt', 'at'])

function lessen(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((v) => lessen(v, depth + 1))
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue
    if (TIMES.has(key) && typeof v === 'string' && !Number.isNaN(Date.parse(v)))
      out[key] = Math.floor(Date.parse(v) / 1000)
    else out[key] = lessen(v, depth + 1)
  }
  if ('id' in out && depth <= 2) out.x_minimal = { note: 'a field the console does not know' }
  return out
}

export const minimalProfile: MiddlewareHandler = async (c, next) => {
  const path = c.req.path
  if (c.req.method === 'GET' && /\/tasks\/[^/]+\/runs$/.test(path))
    return c.json({ success: false, message: 'Not provided' }, 404)
  if (c.req.method === 'GET' && /\/products\/v\d\/quality-attributes$/.test(path))
    return c.json({ success: false, message: 'Method not allowed' }, 405)
  await next()
  const res = c.res
  if (c.req.method !== 'GET' || !res.ok || !res.headers.get('Content-Type')?.startsWith('application/json'))
    return
  const body = (await res.clone().json()) as {
    success?: boolean
    result?: unknown
    pagination?: Record<string, unknown>
  }
  if (body?.success !== true) return
  const formats = /\/data-formats$/.test(path)
  let result = body.result
  const wrapped = result as { itemList?: unknown } | undefined
  if (!formats && wrapped && typeof wrapped === 'object' && Array.isArray(wrapped.itemList))
    result = wrapped.itemList
  const out: Record<string, unknown> = { success: true, result: lessen(result) }
  if (body.pagination) {
    const { totalCount, limit, offset } = body.pagination
    const size = Number(limit) || 10
    out.pagination = formats
      ? { totalCount, limit }
      : { currentPage: Math.floor((Number(offset) || 0) / size) + 1, limit: size }
  }
  const headers = new Headers(res.headers)
  headers.delete('Content-Length')
  c.res = new Response(JSON.stringify(out), { status: res.status, headers })
}
