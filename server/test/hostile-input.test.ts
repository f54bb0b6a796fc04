import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpServer } from '../http-server'
import { ruleKey } from '../route-table'
import { MAX_JSON_BYTES } from '../validate'
import { ADMIN, apiRoutes, fill, startPlatform, type TestPlatform } from './harness'
import { bodyWith, KEY, textFields, WRITE_BODIES } from './write-bodies'

let p: TestPlatform
let base: string
let closeServer: () => void
beforeAll(async () => {
  p = await startPlatform()
  const server = createHttpServer(p.handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  closeServer = () => server.close()
})
afterAll(async () => {
  closeServer()
  await p.close()
})

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`

describe('no input gets a 500', () => {
  it('answers the known hostile inputs with 400 and a message', async () => {
    const task = (await p.call<{ id: string }[]>('GET', '/api/sandbox/tasks?limit=1')).body.result?.[0]?.id
    const cases: [string, string, unknown?][] = [
      ['GET', '/api/sandbox/products/v2?q=%00'],
      ['GET', '/api/sandbox/products/v2?organizationId=%00'],
      ['GET', '/api/sandbox/tasks/%00'],
      ['GET', '/api/sandbox/tasks?q=%ED%A0%80'],
      ['GET', '/api/sandbox/tasks/%E0%A4%A'],
      ['GET', '/api/sandbox/events?q=%uD800'],
      ['POST', '/api/sandbox/tasks', '{"name":"a\\u0000b","code":"X"}'],
      ['POST', '/api/sandbox/tasks', '{"name":"\\ud800","code":"X"}'],
      ['PUT', `/api/sandbox/tasks/${task}`, '{"name":"ok","\\u0000":"key"}'],
      ['POST', '/api/sandbox/internal/products/v2', deep(5000)],
      ['POST', '/api/sandbox/internal/products/v2', `{"name":${deep(200)}}`],
    ]
    for (const [method, path, body] of cases) {
      const answer = await p.call(method, path, { body })
      expect(answer.status, `${method} ${path} ${String(body).slice(0, 40)}`).toBe(400)
      expect(answer.body.message, `${method} ${path}`).toBeTruthy()
    }
  })

  it('never answers 5xx to generated hostile paths, queries and bodies on any route', async () => {
    const routes = apiRoutes(p)
    const hostileText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom(
        '\u0000',
        '\ud800',
        '\udfff',
        'a\u0000b',
        '%',
        '%00',
        '%ZZ',
        '..',
        '../..',
        "'",
        '"',
        '\\',
        ' ',
      ),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
    )
    const segment = hostileText.map((s) => encodeURIComponent(s.isWellFormed() ? s : s.toWellFormed()))
    // Raw escapes a browser would not send: NUL, a lone surrogate's UTF-8, malformed percent-encoding.
    const rawSegment = fc.constantFrom('%00', '%ED%A0%80', '%E0%A4%A', '%C0%AF', '%FF', 'a%00b')
    const query = fc.dictionary(
      fc.constantFrom(
        'q',
        'limit',
        'offset',
        'sort',
        'type',
        'status',
        'organizationId',
        'productId',
        'from',
        'days',
        'hours',
      ),
      fc.oneof(segment, rawSegment),
      { maxKeys: 3 },
    )
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc.constantFrom(
        deep(5000),
        '{"name":"\\u0000"}',
        '{"name":"\\ud800x"}',
        '{"\\udc00":1}',
        'not json',
        '',
        '{"name":',
        '{"expirationDate":"\\u0000"}',
      ),
      fc
        .dictionary(
          fc.constantFrom(
            'name',
            'code',
            'productCode',
            'type',
            'productId',
            'credentials',
            'meta',
            'task',
            'expirationDate',
            'organizationId',
            'contractId',
          ),
          fc.oneof(hostileText, fc.jsonValue({ maxDepth: 2 })),
        )
        .map((v) => JSON.stringify(v)),
    )
    const failures: string[] = []
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom('sandbox', 'production'),
        fc.oneof(segment, rawSegment),
        query,
        body,
        async (route, env, id, q, text) => {
          const path = fill(route.path, env, { id, subId: id, userId: id })
          const search = Object.entries(q)
            .map(([k, v]) => `${k}=${v}`)
            .join('&')
          const url = `/api${path}${search ? `?${search}` : ''}`
          const sendsBody = route.method !== 'GET' && route.method !== 'DELETE'
          const answer = await p.call(route.method, url, sendsBody ? { body: text } : {})
          if (answer.status >= 500)
            failures.push(`${route.method} ${url} ${sendsBody ? text.slice(0, 60) : ''}: ${answer.status}`)
          return answer.status < 500
        },
      ),
      { numRuns: 600, seed: 20, endOnFailure: true },
    )
    expect(failures).toEqual([])
  }, 240_000)
})

/**
 * Longest a hostile request or a request made meanwhile may take. Generous, for a busy machine (a
 * refusal takes tens of milliseconds alone): the backtracking URL rule took minutes on a megabyte.
 */
const BOUND_MS = 3000

describe('no input holds the platform', () => {
  const timed = async (method: string, path: string, body?: string) => {
    const started = performance.now()
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${ADMIN}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body,
    })
    await response.arrayBuffer()
    return { status: response.status, ms: performance.now() - started }
  }

  /** A hostile request, and a read of another caller sent with it: both answered within the bound. */
  async function withNeighbour(method: string, path: string, body: string) {
    const [hostile, other] = await Promise.all([
      timed(method, path, body),
      timed('GET', '/sandbox/configs?neighbour=1'),
    ])
    expect(other.status).toBe(200)
    return { hostile, other }
  }

  /** Values that make patterns backtrack (a URL's host, an email's local part), `room` long. */
  const hostileValues = (room: number) => [
    `http://${'.'.repeat(room - 9)} x`,
    `${'a.'.repeat(room).slice(0, room - 4)}a.@a`,
  ]

  it('declares the body of every write route', () => {
    const writes = apiRoutes(p)
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.path}`)
    const declared = new Set(
      Object.keys(WRITE_BODIES).map((k) => ruleKey(...(k.split(' ') as [string, string]))),
    )
    expect(writes.filter((w) => !declared.has(ruleKey(...(w.split(' ') as [string, string]))))).toEqual([])
    const registered = new Set(writes.map((w) => ruleKey(...(w.split(' ') as [string, string]))))
    expect(
      Object.keys(WRITE_BODIES).filter(
        (k) => !registered.has(ruleKey(...(k.split(' ') as [string, string]))),
      ),
    ).toEqual([])
  })

  it('refuses the largest accepted body with a hostile text in every field of every write route at once, and answers another caller meanwhile', async () => {
    const first = async (path: string) =>
      (await p.call<{ id: string }[] | { itemList: { id: string }[] }>('GET', `/api${path}`)).body.result
    const idOf = (r: Awaited<ReturnType<typeof first>>) =>
      (Array.isArray(r) ? r[0]?.id : r?.itemList[0]?.id) ?? 'none'
    const ids = {
      product: idOf(await first('/sandbox/products/v2?limit=1')),
      task: idOf(await first('/sandbox/tasks?limit=1')),
      dataFormat: idOf(await first('/sandbox/products/v2/data-formats?limit=1')),
      application: idOf(await first('/sandbox/auth/applications?limit=1')),
    }
    const idFor = (path: string) =>
      path.includes('/tasks')
        ? ids.task
        : path.includes('data-formats')
          ? ids.dataFormat
          : path.includes('applications')
            ? ids.application
            : ids.product
    const failures: string[] = []
    let requests = 0
    let slowest = { hostile: 0, other: 0 }
    const check = async (method: string, path: string, body: string, expected: number[], what: string) => {
      const { hostile, other } = await withNeighbour(method, path, body)
      requests += 1
      slowest = { hostile: Math.max(slowest.hostile, hostile.ms), other: Math.max(slowest.other, other.ms) }
      if (!expected.includes(hostile.status) || hostile.ms > BOUND_MS || other.ms > BOUND_MS)
        failures.push(
          `${method} ${path} ${what}: ${hostile.status} in ${hostile.ms.toFixed(0)} ms, neighbour ${other.ms.toFixed(0)} ms`,
        )
    }
    for (const [key, schema] of Object.entries(WRITE_BODIES)) {
      const [method = '', pattern = ''] = key.split(' ')
      // A route without a body (a delete, a run) acts on no entity: the others still have theirs.
      const id = schema ? idFor(pattern) : '00000000-0000-4000-8000-00000000dead'
      const path = fill(pattern, 'sandbox', { id, subId: id })
      // One megabyte, one byte over the limit: refused before it is read whole (by a route that reads one).
      const anyAnswer = [200, 201, 400, 403, 404, 409, 412, 413, 415, 422]
      await check(
        method,
        path,
        JSON.stringify({ name: 'a'.repeat(MAX_JSON_BYTES) }),
        schema ? [413] : anyAnswer,
        '1 MB',
      )
      const fields = schema ? textFields(schema) : [{ path: ['name'], declared: false }]
      for (const field of fields) {
        const room = MAX_JSON_BYTES - JSON.stringify(bodyWith(field.path, '')).length
        for (const value of hostileValues(room).slice(0, field.declared ? undefined : 1)) {
          const body = JSON.stringify(bodyWith(field.path, value))
          expect(body.length).toBe(MAX_JSON_BYTES)
          // A declared text has a limit: 400. Opaque JSON is kept as given: any answer but a 5xx.
          const expected = field.declared ? [400] : anyAnswer
          await check(
            method,
            path,
            body,
            expected,
            field.path.map((k) => (k === KEY ? '{key}' : String(k))).join('.'),
          )
        }
      }
    }
    console.log(
      `${requests} hostile requests of up to ${MAX_JSON_BYTES} bytes: slowest answer ${slowest.hostile.toFixed(0)} ms, slowest neighbour ${slowest.other.toFixed(0)} ms`,
    )
    expect(failures).toEqual([])
    expect(requests).toBeGreaterThan(250)
  }, 300_000)
})
