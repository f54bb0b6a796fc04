import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Read, ROUTE_RULES, ruleKey } from '../route-table'
import { DEMO } from '../seed'
import {
  ADMIN,
  type Answer,
  addMember,
  apiRoutes,
  fill,
  OPERATOR,
  startPlatform,
  type TestPlatform,
} from './harness'

// Generated from the route table: every read route, as a member of the organization that holds the
// data, as a member of other organizations only, and as a platform administrator. A GET route without
// a `read` rule, or with one this test does not know, fails it.

const org = (i: number) => `o0000000-0000-4000-8000-00000000000${i}`
/** Zeta Analytics: the member's only organization; the operator (organizations 1 and 2) is not in it. */
const THEIRS = org(5)
const MEMBER = 'read-isolation-member-token'
const MEMBER_ID = 'u0000000-0000-4000-8000-0000000000a5'
const SOME_ID = '00000000-0000-4000-8000-00000000abcd'
/** Requests of the private organization in the current hour: more than any other organization has. */
const LOG_ROWS = 777
const QA_NAME = 'isolation-marker-quality'

const CALLERS = {
  member: { token: MEMBER, id: MEMBER_ID },
  nonMember: { token: OPERATOR, id: DEMO.operator.id },
  admin: { token: ADMIN, id: DEMO.admin.id },
} as const
type Caller = keyof typeof CALLERS

let p: TestPlatform
const f = {
  product: '',
  productCode: 'ISOLATION_PRIVATE',
  qualityAttribute: '',
  file: '',
  contract: '',
  task: '',
  event: '',
  format: '',
}

beforeAll(async () => {
  // A console whose frame takes the platform's picture of a visitor's list (server/products-picture.ts).
  const distDir = mkdtempSync(join(tmpdir(), 'dist-'))
  writeFileSync(join(distDir, 'index.html'), '<html lang="fi"><div id="root"><!--shell-page--></div></html>')
  p = await startPlatform({ distDir })
  const db = p.platform.db
  await addMember(p, { id: MEMBER_ID, token: MEMBER, organizationId: THEIRS })

  const made = async (
    path: string,
    body: unknown,
    init: { raw?: BodyInit; headers?: Record<string, string> } = {},
  ) => {
    const answer = await p.call<{ id: string }>('POST', `/api/sandbox${path}`, { body, ...init })
    expect(answer.status, `${path}: ${answer.body.message}`).toBe(201)
    return answer.body.result?.id as string
  }
  f.product = await made('/internal/products/v2', {
    name: 'Isolation private',
    productCode: f.productCode,
    type: 'dataproduct',
    publisherOrganizationId: THEIRS,
    protocolId: 'soap',
    qualityAttributes: [QA_NAME],
    visibility: { type: 'private', visibleTo: [] },
  })
  f.qualityAttribute = await made(`/products/v2/${f.product}/quality-attributes`, { name: `${QA_NAME}-sub` })
  f.file = await made(`/products/v2/${f.product}/files`, undefined, {
    raw: 'a,b\n1,2',
    headers: { 'Content-Type': 'text/csv', 'X-File-Name': 'private.csv' },
  })
  await made('/products/v2/auth-credentials', {
    productId: f.product,
    credentials: { apiKey: 'isolation-secret-value-1234' },
  })
  f.contract = await made('/products/v2/contracts', {
    productId: f.product,
    consumerOrganizationId: org(6),
    validFrom: '2020-01-01T00:00:00.000Z',
    validTo: '2099-01-01T00:00:00.000Z',
  })
  f.task = await made('/tasks', {
    name: 'Isolation task',
    code: 'ISOLATION_TASK',
    productCode: f.productCode,
  })
  // The newest event and the newest error, of the private organization.
  const event = {
    id: '00000000-0000-4000-8000-0000000e0005',
    timestamp: new Date(Date.now() + 3_600_000).toISOString(),
    type: 'TASK_RUN_FAILED',
    status: 'error',
    message: 'Isolation marker',
    organizationId: THEIRS,
  }
  f.event = event.id
  await db.query(
    `INSERT INTO events (env, id, ts, type, status, category, target_type, app_name, user_id, organization_id, data)
     VALUES ('sandbox', $1, $2, $3, 'error', 'tasks', 'task', 'orchestrator', $4, $5, $6)`,
    [event.id, event.timestamp, event.type, DEMO.admin.id, THEIRS, event],
  )
  const at = new Date().toISOString()
  await db.query(
    `INSERT INTO request_log (env, ts, method, path, status, organization_id, duration_ms)
     SELECT 'sandbox', $1, 'GET', '/api/sandbox/products/v2', 200, $2, 1 FROM generate_series(1, ${LOG_ROWS})`,
    [at, THEIRS],
  )
  const formats = await p.call<{ itemList: { id: string }[] }>('GET', '/api/sandbox/products/v2/data-formats')
  f.format = formats.body.result?.itemList[0]?.id as string
})
afterAll(() => p.close())

/** Whether a list's answer holds the private organization's row. */
type Holds = (answer: Answer) => boolean
const names =
  (id: string): Holds =>
  (answer) =>
    JSON.stringify(answer.body.result ?? null).includes(id)

/** What each read route is asked (its query) and how its answer shows the private organization's data. */
function listCase(key: string): { query: string; holds: Holds } | undefined {
  const cases: Record<string, { query: string; holds: Holds }> = {
    'GET /:env/products/:version{v[12]}': { query: `?q=${f.productCode}&limit=100`, holds: names(f.product) },
    'GET /:env/products/:version{v[12]}/quality-attributes': {
      query: `?q=${QA_NAME}`,
      holds: names(QA_NAME),
    },
    'GET /:env/soap': { query: '?limit=1000', holds: names(f.product) },
    'GET /:env/tasks': { query: '?q=Isolation%20task&limit=100', holds: names(f.task) },
    'GET /:env/products/v2/contracts': {
      query: `?productId=${f.product}&limit=100`,
      holds: names(f.contract),
    },
    'GET /:env/events': { query: '?limit=5', holds: names(f.event) },
    'GET /:env/getlasterrors': { query: '?limit=5', holds: names(f.event) },
    'GET /:env/stats': {
      query: '?hours=3',
      holds: (answer) => ((answer.body.result ?? []) as { count: number }[]).some((b) => b.count >= LOG_ROWS),
    },
    'GET /:env/stats/organizations': { query: '?hours=3&limit=100', holds: names(THEIRS) },
  }
  return cases[key]
}

/** The path of a route for a caller: the private organization's entity where it names one. */
function pathFor(path: string, read: Read, caller: Caller) {
  const id =
    read === 'product'
      ? f.product
      : read === 'task'
        ? f.task
        : path.includes('/events/')
          ? f.event
          : path.includes('data-formats')
            ? f.format
            : path.includes('applications')
              ? DEMO.orchestratorAppId
              : SOME_ID
  const subId = path.includes('/files/') ? f.file : f.qualityAttribute
  return `/api${fill(path, 'sandbox', { id, subId, userId: CALLERS[caller].id })}`
}

describe('reads keep organizations apart (generated from the route table)', () => {
  it('names what every GET route of the table reads', () => {
    const unclassified = Object.entries(ROUTE_RULES)
      .filter(([key, rule]) => key.startsWith('GET ') && !rule.read)
      .map(([key]) => key)
    expect(unclassified).toEqual([])
    // Only reads have one: a write is kept apart by `product`/`buyer` and its handler.
    expect(Object.entries(ROUTE_RULES).filter(([key, rule]) => !key.startsWith('GET ') && rule.read)).toEqual(
      [],
    )
  })

  it('gives every read route a read rule, and checks it as a member, a non-member and an administrator', async () => {
    const reads = apiRoutes(p).filter((r) => r.method === 'GET')
    expect(reads.length).toBeGreaterThan(30)
    const wrong: string[] = []
    let checked = 0
    for (const { method, path } of reads) {
      const key = ruleKey(method, path)
      const read = ROUTE_RULES[key]?.read
      if (!read) {
        wrong.push(`${key}: no read rule in server/route-table.ts`)
        continue
      }
      const answers = {} as Record<Caller, Answer>
      const list = listCase(key)
      const query = list?.query ?? (read === 'publisher' ? `?productId=${f.product}` : '')
      for (const caller of Object.keys(CALLERS) as Caller[]) {
        answers[caller] = await p.call(method, `${pathFor(path, read, caller)}${query}`, {
          token: CALLERS[caller].token,
        })
        checked += 1
      }
      const status = (caller: Caller) => answers[caller].status
      const expectStatus = (caller: Caller, expected: number) => {
        if (status(caller) !== expected)
          wrong.push(`${key} (${read}) as ${caller}: ${status(caller)}, expected ${expected}`)
      }
      switch (read) {
        case 'open':
        case 'own':
        // The live stream: every signed-in caller holds one (what it carries is live.test.ts's part).
        case 'stream':
          // Nothing of an organization: each caller is answered alike.
          for (const caller of Object.keys(CALLERS) as Caller[]) expectStatus(caller, 200)
          break
        case 'product':
        case 'task':
        case 'publisher':
          expectStatus('member', 200)
          expectStatus('nonMember', 404)
          expectStatus('admin', 200)
          if (answers.nonMember.status === 404 && answers.nonMember.body.success !== false)
            wrong.push(`${key} as nonMember: not the error envelope`)
          break
        case 'products':
        case 'tasks':
        case 'contracts':
        case 'org-scoped': {
          if (!list) {
            // A single row of an organization-scoped family (an event): found or not found.
            expectStatus('member', 200)
            expectStatus('nonMember', 404)
            expectStatus('admin', 200)
            break
          }
          for (const caller of Object.keys(CALLERS) as Caller[]) expectStatus(caller, 200)
          const expected: Record<Caller, boolean> = { member: true, nonMember: false, admin: true }
          for (const caller of Object.keys(CALLERS) as Caller[])
            if (list.holds(answers[caller]) !== expected[caller])
              wrong.push(
                `${key} (${read}) as ${caller}: ${expected[caller] ? 'misses' : 'shows'} the private row`,
              )
          break
        }
        default:
          wrong.push(`${key}: the read rule ${String(read)} has no check here`)
      }
    }
    expect(wrong).toEqual([])
    expect(checked).toBeGreaterThan(90)
  })

  it('answers a private product to an anonymous visitor as not found, and lists only public ones', async () => {
    const one = await p.call('GET', `/api/sandbox/products/v2/${f.product}`, { token: null })
    expect(one.status).toBe(404)
    const list = await p.call<{ id: string }[]>('GET', `/api/sandbox/products/v2?q=${f.productCode}`, {
      token: null,
    })
    expect(list.body.result).toEqual([])
    // A private product's refusal is the same as an unknown one's: its existence is not told.
    const unknown = await p.call('GET', `/api/sandbox/products/v2/${SOME_ID}/meta`, { token: OPERATOR })
    const hidden = await p.call('GET', `/api/sandbox/products/v2/${f.product}/meta`, { token: OPERATOR })
    expect([unknown.status, hidden.status]).toEqual([404, 404])
    expect(hidden.body.message).toBe(`Product ${f.product} was not found`)
  })

  it("paints a visitor's first product list from public products only", async () => {
    const answer = await p.app.request('/products', { headers: { Authorization: `Bearer ${ADMIN}` } })
    const html = await answer.text()
    const painted = [...html.matchAll(/href="\/products\/([^"]+)">/g)].map((m) => m[1])
    const visitor = await p.call<{ id: string }[]>(
      'GET',
      '/api/sandbox/products/v2?type=dataproduct&limit=10&offset=0&sortBy=updatedAt&sortOrder=desc',
      { token: null },
    )
    expect(painted.length).toBeGreaterThan(0)
    expect(painted).toEqual(visitor.body.result?.map((row) => row.id))
    // The private product is the newest: its publisher's members would see it first.
    expect(html).not.toContain(f.product)
    expect(html).not.toContain(f.productCode)
  })

  it('lets the organizations a product is shown to read it, and a consumer read its contract', async () => {
    const shown = await p.call<{ id: string }>('POST', '/api/sandbox/internal/products/v2', {
      body: {
        name: 'Isolation shown',
        productCode: 'ISOLATION_SHOWN',
        type: 'dataproduct',
        publisherOrganizationId: THEIRS,
        visibility: { type: 'organizations', visibleTo: [THEIRS, org(1)] },
      },
    })
    const id = shown.body.result?.id as string
    expect((await p.call('GET', `/api/sandbox/products/v2/${id}/files`, { token: OPERATOR })).status).toBe(
      200,
    )
    expect(
      (await p.call('GET', `/api/sandbox/products/v2/${id}`, { token: 'demo-viewer-token' })).status,
    ).toBe(404)
    // Credentials are the publisher's: a reader of the product who is not its publisher is refused.
    const credentials = await p.call('GET', `/api/sandbox/products/v2/auth-credentials?productId=${id}`, {
      token: OPERATOR,
    })
    expect(credentials.status).toBe(403)
    // A contract of the private product for the operator's organization: the consumer reads it.
    const contract = await p.call<{ id: string }>('POST', '/api/sandbox/products/v2/contracts', {
      body: {
        productId: f.product,
        consumerOrganizationId: org(1),
        validFrom: '2020-01-01T00:00:00.000Z',
        validTo: '2099-01-01T00:00:00.000Z',
      },
    })
    const listed = await p.call<{ id: string }[]>('GET', `/api/sandbox/products/v2/contracts?limit=1000`, {
      token: OPERATOR,
    })
    const ids = listed.body.result?.map((k) => k.id) ?? []
    expect(ids).toContain(contract.body.result?.id)
    expect(ids).not.toContain(f.contract)
  })

  it('answers a write to a product or task the caller may not read as not found, and changes nothing', async () => {
    const before = await p.call<{ updatedAt: string }>('GET', `/api/sandbox/tasks/${f.task}`)
    const writes: [string, string, unknown][] = [
      ['PATCH', `/api/sandbox/internal/products/v2/${f.product}`, { name: 'Taken over' }],
      ['PUT', `/api/sandbox/products/v2/${f.product}/meta`, { meta: {} }],
      ['PUT', `/api/sandbox/tasks/${f.task}`, { name: 'Taken over' }],
      ['PUT', `/api/sandbox/tasks/${f.task}/jobs`, { jobs: [] }],
      ['POST', `/api/sandbox/tasks/${f.task}/start`, undefined],
      ['POST', `/api/sandbox/tasks/${f.task}/run`, undefined],
    ]
    for (const [method, path, body] of writes) {
      const answer = await p.call(method, path, { token: OPERATOR, body })
      expect(answer.status, `${method} ${path}`).toBe(404)
    }
    const after = await p.call<{ updatedAt: string }>('GET', `/api/sandbox/tasks/${f.task}`)
    expect(after.body.result?.updatedAt).toBe(before.body.result?.updatedAt)
    const runs = await p.call<unknown[]>('GET', `/api/sandbox/tasks/${f.task}/runs`)
    expect(runs.body.result).toEqual([])
  })

  it('lets the operator read the events of their organizations only, and their own of none', async () => {
    const events = await p.call<{ organizationId?: string; userId?: string }[]>(
      'GET',
      '/api/sandbox/events?limit=1000',
      { token: OPERATOR },
    )
    expect(events.body.result?.length).toBeGreaterThan(0)
    const foreign = (events.body.result ?? []).filter((e) =>
      e.organizationId ? ![org(1), org(2)].includes(e.organizationId) : e.userId !== DEMO.operator.id,
    )
    expect(foreign).toEqual([])
    const stats = await p.call<{ organizationId: string }[]>(
      'GET',
      '/api/sandbox/stats/organizations?limit=100',
      {
        token: OPERATOR,
      },
    )
    expect(new Set(stats.body.result?.map((s) => s.organizationId))).toEqual(new Set([org(1), org(2)]))
  })

  it("gives a task's run events to its product's organization, whoever ran it", async () => {
    const run = await p.call('POST', `/api/sandbox/tasks/${f.task}/run`)
    expect(run.status).toBe(200)
    const ofTask = async (caller: Caller) => {
      const events = await p.call<{ taskId?: string; type: string; organizationId?: string }[]>(
        'GET',
        '/api/sandbox/events?limit=1000',
        { token: CALLERS[caller].token },
      )
      return (events.body.result ?? []).filter((e) => e.taskId === f.task && e.type.startsWith('TASK_RUN'))
    }
    const member = await ofTask('member')
    expect(member.length).toBeGreaterThan(0)
    expect(member.every((e) => e.organizationId === THEIRS)).toBe(true)
    expect(await ofTask('nonMember')).toEqual([])
  })
})
