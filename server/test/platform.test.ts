import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR, startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform()
})
afterAll(() => p.close())

const ADMIN_ID = 'u0000000-0000-4000-8000-000000000001'
const OPERATOR_ID = 'u0000000-0000-4000-8000-000000000002'

describe('platform basics', () => {
  it("serves configs without a token, per environment; the demo turns the console's permission checks on", async () => {
    expect((await p.call('GET', '/api/sandbox/configs', { token: null })).body.result).toMatchObject({
      orchestratorAuth: '1',
    })
    expect((await p.call('GET', '/api/production/configs', { token: null })).body.result).toMatchObject({
      orchestratorAuth: '1',
    })
  })

  it('answers /me with role, permissions and applications, and 401 without a token', async () => {
    const me = await p.call<{
      email: string
      role: string
      permissions: unknown[]
      applications: { name: string }[]
    }>('GET', '/api/PRODUCTION/me')
    expect(me.body.result).toMatchObject({ email: 'admin@example.com', role: 'admin' })
    expect(me.body.result?.permissions.length).toBeGreaterThan(10)
    expect(me.body.result?.applications.map((a) => a.name)).toContain('Orchestrator')
    expect((await p.call('GET', '/api/PRODUCTION/me', { token: null })).status).toBe(401)
  })

  it('gives roles and permissions to their user, others need users.read', async () => {
    expect(
      (
        await p.call<{ name: string }[]>('GET', `/api/sandbox/auth/users/${OPERATOR_ID}/roles`, {
          token: OPERATOR,
        })
      ).body.result,
    ).toEqual([{ id: 'operator', name: 'operator' }])
    const permissions = await p.call<{ name: string }[]>(
      'GET',
      `/api/sandbox/auth/users/${OPERATOR_ID}/permissions`,
      { token: OPERATOR },
    )
    expect(permissions.body.result?.map((x) => x.name)).toContain('tasks.execute')
    expect((await p.call('GET', `/api/sandbox/auth/users/${ADMIN_ID}/roles`, { token: null })).status).toBe(
      401,
    )
    expect((await p.call('GET', `/api/sandbox/auth/users/nobody/roles`)).status).toBe(404)
    await p.platform.db.query("DELETE FROM permissions WHERE user_id = $1 AND name = 'users.read'", [
      OPERATOR_ID,
    ])
    expect(
      (await p.call('GET', `/api/PRODUCTION/auth/users/${ADMIN_ID}/permissions`, { token: OPERATOR })).status,
    ).toBe(403)
  })

  it('lists organizations by name', async () => {
    const orgs = await p.call<{ name: string }[]>('GET', '/api/sandbox/auth/organizations')
    expect(orgs.body.result).toHaveLength(6)
    expect(orgs.body.pagination?.totalCount).toBe(6)
    expect((await p.call('GET', '/api/sandbox/auth/organizations', { token: null })).status).toBe(401)
    expect((await p.call('GET', '/api/sandbox/auth/organizations?limit=0')).status).toBe(400)
  })

  it('manages applications', async () => {
    const created = await p.call<{ id: string; updatedAt: string }>(
      'POST',
      '/api/sandbox/auth/applications',
      { body: { name: 'Reporter' } },
    )
    expect(created.status).toBe(201)
    const id = created.body.result?.id as string
    expect((await p.call('GET', `/api/sandbox/auth/applications/${id}`)).status).toBe(200)
    expect(
      (await p.call('PUT', `/api/sandbox/auth/applications/${id}`, { body: { name: 'Reporter 2' } })).status,
    ).toBe(200)
    expect((await p.call('POST', '/api/sandbox/auth/applications', { body: { name: '' } })).status).toBe(400)
    expect((await p.call('GET', '/api/sandbox/auth/applications?offset=x')).status).toBe(400)
    expect((await p.call('GET', '/api/sandbox/auth/applications', { token: null })).status).toBe(401)
    expect(
      (await p.call('POST', '/api/sandbox/auth/applications', { token: null, body: { name: 'x' } })).status,
    ).toBe(401)
    expect(
      (await p.call('POST', '/api/PRODUCTION/auth/applications', { token: OPERATOR, body: { name: 'x' } }))
        .status,
    ).toBe(403)
    expect((await p.call('DELETE', `/api/sandbox/auth/applications/${id}`)).status).toBe(200)
    expect((await p.call('GET', `/api/sandbox/auth/applications/${id}`)).status).toBe(404)
  })

  it('gzips JSON answers for a client that accepts it', async () => {
    const list = '/api/sandbox/products/v2?type=dataproduct&limit=50'
    const response = await p.app.request(list, {
      headers: { Authorization: 'Bearer demo-admin-token', 'Accept-Encoding': 'gzip' },
    })
    expect(response.headers.get('Content-Encoding')).toBe('gzip')
    const zipped = Buffer.from(await response.arrayBuffer())
    const plain = (await p.call<unknown[]>('GET', list)).body
    expect(JSON.parse(gunzipSync(zipped).toString('utf8'))).toEqual(plain)
    expect(zipped.length).toBeLessThan(JSON.stringify(plain).length / 2)
  })

  it('sends a small JSON answer whole, with its length and uncompressed; a large one gzipped', async () => {
    const response = await p.app.request('/api/sandbox/internal/products/v2/data-formats', {
      method: 'POST',
      headers: {
        Authorization: 'Bearer demo-admin-token',
        'Accept-Encoding': 'gzip',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ dataFormatCode: 'SMALL_ANSWER', name: 'Small answer', type: 'json' }),
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('Content-Encoding')).toBeNull()
    const text = await response.text()
    expect(Number(response.headers.get('Content-Length'))).toBe(Buffer.byteLength(text))
    expect(Buffer.byteLength(text)).toBeLessThan(1024)
    expect(JSON.parse(text)).toMatchObject({ success: true, result: { dataFormatCode: 'SMALL_ANSWER' } })
  })

  it('answers unknown API calls with a clear 404 JSON', async () => {
    const unknown = await p.call('GET', '/api/sandbox/nothing-here')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({
      success: false,
      message: 'Not found: GET /api/sandbox/nothing-here',
    })
  })

  it('serves the console with a strict CSP and falls back to the shell', async () => {
    const response = await p.app.request('/products/some-id')
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('orchestrator-app')
    const csp = response.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toMatch(/script-src 'self';/)
    expect((await p.app.request('/assets/missing.js')).status).toBe(404)
  })
})
