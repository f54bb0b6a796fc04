import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRoutes, fill, startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform()
})
afterAll(() => p.close())

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
