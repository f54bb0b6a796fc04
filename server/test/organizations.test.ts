import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTE_RULES, ruleKey } from '../route-table'
import { apiRoutes, fill, OPERATOR, startPlatform, type TestPlatform } from './harness'

const OPERATOR_ID = 'u0000000-0000-4000-8000-000000000002'
const org = (i: number) => `o0000000-0000-4000-8000-00000000000${i}`
/** The operator is a member of organizations 1 and 2 (seed); 5 is another organization's. */
const MINE = org(1)
const THEIRS = org(5)

interface Product {
  id: string
  updatedAt: string
  publisherOrganizationId?: string
}

let p: TestPlatform
let theirs: Product
let mine: Product
beforeAll(async () => {
  p = await startPlatform()
  // Every permission a product change could need: what stops the operator below is the organization alone.
  for (const name of [
    'products.create',
    'products.update',
    'products.delete',
    'contracts.create',
    'purchases.create',
  ])
    await p.platform.db.query(
      'INSERT INTO permissions (user_id, name, entity_id, application_id) VALUES ($1, $2, NULL, $3)',
      [OPERATOR_ID, name, 'a0000000-0000-4000-8000-000000000001'],
    )
  const created = async (publisherOrganizationId: string, code: string) => {
    const answer = await p.call<Product>('POST', '/api/sandbox/internal/products/v2', {
      body: {
        name: `Org test ${code}`,
        productCode: code,
        type: 'dataproduct',
        publisherOrganizationId,
      },
    })
    expect(answer.status).toBe(201)
    return answer.body.result as Product
  }
  theirs = await created(THEIRS, 'ORG_THEIRS')
  mine = await created(MINE, 'ORG_MINE')
})
afterAll(() => p.close())

describe('organizations kept apart', () => {
  it('lists the caller’s organizations; a platform administrator’s are all', async () => {
    const operator = await p.call<{ id: string }[]>('GET', '/api/sandbox/auth/organizations', {
      token: OPERATOR,
    })
    expect(operator.body.result?.map((o) => o.id)).toEqual(expect.arrayContaining([org(1), org(2)]))
    expect(operator.body.result).toHaveLength(2)
    const admin = await p.call<{ id: string }[]>('GET', '/api/sandbox/auth/organizations')
    expect(admin.body.result).toHaveLength(6)
  })

  it('refuses an Organization-Id that is not one of the caller’s', async () => {
    const other = await p.call('GET', '/api/sandbox/products/v2', {
      token: OPERATOR,
      headers: { 'Organization-Id': THEIRS },
    })
    expect(other.status).toBe(403)
    const own = await p.call('GET', '/api/sandbox/products/v2', {
      token: OPERATOR,
      headers: { 'Organization-Id': MINE },
    })
    expect(own.status).toBe(200)
    // As the operator of their own organization, a change of another's product is still refused.
    const patch = await p.call('PATCH', `/api/sandbox/internal/products/v2/${theirs.id}`, {
      token: OPERATOR,
      headers: { 'Organization-Id': MINE },
      body: { name: 'Taken over' },
    })
    expect(patch.status).toBe(403)
  })

  it('refuses every write route to another organization’s product (403 or 404) and changes nothing', async () => {
    const routes = apiRoutes(p).filter((r) => r.method !== 'GET')
    const productRoutes = routes.filter((r) => {
      const rule = ROUTE_RULES[ruleKey(r.method, r.path)]
      return rule?.kind === 'permission' && (rule.product !== undefined || rule.buyer !== undefined)
    })
    // Every write under /products/ that names a product is marked, so that a new one cannot be forgotten.
    const unmarked = routes
      .filter((r) => /\/products\//.test(r.path) && !productRoutes.includes(r))
      .map((r) => ruleKey(r.method, r.path))
    expect(unmarked.sort()).toEqual([
      'DELETE /:env/internal/products/:version/data-formats/:id',
      'PATCH /:env/internal/products/:version/data-formats/:id',
      'POST /:env/internal/products/:version/data-formats',
      'POST /:env/internal/products/:version{v[12]}',
      'PUT /:env/internal/products/:version/data-formats/:id',
    ])
    const bodies: Record<string, unknown> = {
      'POST /:env/products/v2/contracts': {
        productId: theirs.id,
        consumerOrganizationId: MINE,
        validFrom: '2020-01-01T00:00:00.000Z',
        validTo: '2099-01-01T00:00:00.000Z',
      },
      'POST /:env/products/v2/auth-credentials': { productId: theirs.id, credentials: { key: 'value' } },
    }
    const before = await p.platform.db.query<{ n: number }>('SELECT count(*)::int AS n FROM entities')
    const wrong: string[] = []
    for (const { method, path } of productRoutes) {
      const key = ruleKey(method, path)
      const rule = ROUTE_RULES[key]
      let body: unknown = bodies[key] ?? {
        name: 'Taken over',
        meta: {},
        task: {},
        publisherOrganizationId: MINE,
      }
      if (rule?.kind === 'permission' && rule.buyer)
        // Buying for another organization: the buyer must be the caller's.
        body = { organizationId: THEIRS, contractId: '00000000-0000-4000-8000-000000000001' }
      const url = `/api${fill(path, 'sandbox', { id: theirs.id })}`
      const answer = await p.call(method, url, {
        token: OPERATOR,
        body: method === 'DELETE' ? undefined : body,
      })
      if (answer.status !== 403 && answer.status !== 404) wrong.push(`${key}: ${answer.status}`)
    }
    expect(wrong).toEqual([])
    const after = await p.call<Product>('GET', `/api/sandbox/products/v2/${theirs.id}`)
    expect(after.body.result?.updatedAt).toBe(theirs.updatedAt)
    expect(after.body.result?.publisherOrganizationId).toBe(THEIRS)
    const count = await p.platform.db.query<{ n: number }>('SELECT count(*)::int AS n FROM entities')
    expect(count[0]?.n).toBe(before[0]?.n)
  })

  it('lets a member change their organization’s product, but not move it to an organization they are not in', async () => {
    const ok = await p.call<Product>('PATCH', `/api/sandbox/internal/products/v2/${mine.id}`, {
      token: OPERATOR,
      body: { name: 'Renamed by a member' },
    })
    expect(ok.status).toBe(200)
    const meta = await p.call('PUT', `/api/sandbox/products/v2/${mine.id}/meta`, {
      token: OPERATOR,
      body: { meta: {} },
    })
    expect(meta.status).toBe(200)
    const moved = await p.call('PATCH', `/api/sandbox/internal/products/v2/${mine.id}`, {
      token: OPERATOR,
      body: { publisherOrganizationId: THEIRS },
    })
    expect(moved.status).toBe(403)
    // To another of their own organizations it may go.
    const own = await p.call<Product>('PATCH', `/api/sandbox/internal/products/v2/${mine.id}`, {
      token: OPERATOR,
      body: { publisherOrganizationId: org(2) },
    })
    expect(own.status).toBe(200)
    expect(own.body.result?.publisherOrganizationId).toBe(org(2))
    const created = await p.call('POST', '/api/sandbox/internal/products/v2', {
      token: OPERATOR,
      body: {
        name: 'Foreign',
        productCode: 'ORG_FOREIGN',
        type: 'dataproduct',
        publisherOrganizationId: THEIRS,
      },
    })
    expect(created.status).toBe(403)
  })
})
