import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPLICATIONS } from '../../src/contract/application'
import { hashToken } from '../auth'
import { DECLARED } from '../declared'
import { ROUTE_RULES, ruleKey } from '../route-table'
import { DEMO } from '../seed'
import { apiRoutes, fill, startPlatform, type TestPlatform } from './harness'

/** A signed-in user with no permission and no organization. */
const NOBODY = 'nobody-token-without-permissions'
const NOBODY_ID = 'u0000000-0000-4000-8000-0000000000ff'
const SOME_ID = '00000000-0000-4000-8000-00000000abcd'

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform()
  await p.platform.db.query(
    "INSERT INTO users (id, email, password_hash, role) VALUES ($1, 'nobody@example.com', 'x', 'viewer')",
    [NOBODY_ID],
  )
  await p.platform.db.query('INSERT INTO tokens (id, user_id, token_hash, data) VALUES ($1, $2, $3, $4)', [
    'nobody-token',
    NOBODY_ID,
    hashToken(NOBODY),
    { name: 'nobody', status: 'active', kind: 'developer', createdAt: new Date().toISOString() },
  ])
})
afterAll(() => p.close())

describe('the route table', () => {
  it('has a rule for every route of the API, and no rule without a route', () => {
    const routes = apiRoutes(p)
    expect(routes.length).toBeGreaterThan(60)
    const missing = routes.map((r) => ruleKey(r.method, r.path)).filter((key) => !ROUTE_RULES[key])
    expect(missing).toEqual([])
    const registered = new Set(routes.map((r) => ruleKey(r.method, r.path)))
    expect(Object.keys(ROUTE_RULES).filter((key) => !registered.has(key))).toEqual([])
  })

  it('answers 401 without a token and 403 without the permission, before reading the body, in both environments', async () => {
    const wrong: string[] = []
    let checked = 0
    for (const env of ['sandbox', 'production']) {
      for (const { method, path } of apiRoutes(p)) {
        const rule = ROUTE_RULES[ruleKey(method, path)]
        if (!rule || rule.kind === 'public') continue
        const url = `/api${fill(path, env)}${rule.kind === 'permission' && rule.entityQuery ? `?${rule.entityQuery}=${SOME_ID}` : ''}`
        // A body the schema refuses: the permission is checked first, so it is never read.
        const body = method === 'GET' || method === 'DELETE' ? undefined : { name: 42, nonsense: true }
        const anonymous = await p.call(method, url, { token: null, body })
        checked += 1
        if (anonymous.status !== 401) wrong.push(`${method} ${url} anonymous: ${anonymous.status}`)
        if (rule.kind !== 'permission') continue
        const refused = await p.call(method, url, { token: NOBODY, body })
        checked += 1
        if (refused.status !== 403 || refused.body.message !== 'Access denied.')
          wrong.push(`${method} ${url} without permission: ${refused.status} ${refused.body.message}`)
      }
    }
    expect(wrong).toEqual([])
    expect(checked).toBeGreaterThan(200)
  })

  it('lets a user with the permission past the guard in the sandbox too (orchestrator auth off there)', async () => {
    const tasks = await p.call<{ id: string }[]>('GET', '/api/sandbox/tasks?limit=1')
    expect(tasks.status).toBe(200)
    const id = tasks.body.result?.[0]?.id as string
    // The viewer reads products but has no task permission, whatever the environment's config says.
    expect((await p.call('DELETE', `/api/sandbox/tasks/${id}`, { token: 'demo-viewer-token' })).status).toBe(
      403,
    )
    expect(
      (
        await p.call('POST', '/api/sandbox/auth/applications', {
          token: 'demo-viewer-token',
          body: { name: 'x' },
        })
      ).status,
    ).toBe(403)
    expect(
      (await p.call('GET', '/api/sandbox/auth/applications', { token: 'demo-viewer-token' })).status,
    ).toBe(403)
    expect((await p.call('GET', `/api/sandbox/tasks/${id}`)).status).toBe(200)
  })

  it('needs the purchase permission to purchase, not products.read', async () => {
    const products = await p.call<{ id: string }[]>('GET', '/api/sandbox/products/v2?limit=1')
    const id = products.body.result?.[0]?.id as string
    const viewer = await p.call('POST', `/api/sandbox/products/v2/${id}/purchase`, {
      token: 'demo-viewer-token',
      body: {},
    })
    expect(viewer.status).toBe(403)
    // The admin has it: past the guard, the empty body is the next thing refused.
    expect((await p.call('POST', `/api/sandbox/products/v2/${id}/purchase`, { body: {} })).status).toBe(400)
  })
})

describe('resources declared in contract/', () => {
  it('are found, served behind their permission type, and seeded to the administrator only by default', async () => {
    expect(DECLARED.map((d) => d.name)).toContain(APPLICATIONS.name)
    const keys = apiRoutes(p).map((r) => ruleKey(r.method, r.path))
    for (const key of ['GET', 'POST'].map((m) => `${m} /:env${APPLICATIONS.path}`))
      expect(keys).toContain(key)
    expect(ROUTE_RULES[`DELETE /:env${APPLICATIONS.path}/:id`]).toEqual({
      kind: 'permission',
      permission: 'applications.delete',
      entity: 'id',
    })
    const rows = await p.platform.db.query<{ user_id: string; name: string }>(
      "SELECT user_id, name FROM permissions WHERE name LIKE 'applications.%'",
    )
    const held = (id: string) => rows.filter((r) => r.user_id === id).map((r) => r.name)
    expect(held(DEMO.admin.id)).toEqual(
      expect.arrayContaining(['applications.create', 'applications.delete']),
    )
    expect(held(DEMO.operator.id)).toEqual(['applications.read'])
    expect(held(DEMO.viewer.id)).toEqual([])
  })
})
