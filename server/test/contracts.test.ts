import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR, startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform()
})
afterAll(() => p.close())

interface Product {
  id: string
}

describe('contracts, purchases and credentials', () => {
  const consumerOrganizationId = 'o0000000-0000-4000-8000-000000000003'
  const firstProduct = async (env = 'sandbox') =>
    (await p.call<Product[]>('GET', `/api/${env}/products/v2?limit=1`, { token: null })).body.result?.[0]
      ?.id as string
  const contractBody = (productId: string, extra: Record<string, unknown> = {}) => ({
    productId,
    consumerOrganizationId,
    validFrom: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    validTo: '2099-01-01',
    ...extra,
  })

  it('creates a contract, lists it by product and purchases with it', async () => {
    const productId = await firstProduct()
    const contract = await p.call<{ id: string; dataConsumer: string }>(
      'POST',
      '/api/sandbox/products/v2/contracts',
      { body: contractBody(productId) },
    )
    expect(contract.status).toBe(201)
    expect(contract.body.result?.dataConsumer).toBe('Örebro Data')
    const bad = await p.call('POST', '/api/sandbox/products/v2/contracts', {
      body: contractBody(productId, { validFrom: '2027-01-01', validTo: '2026-01-01' }),
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error?.issues?.[0]?.path).toBe('validTo')
    const listed = await p.call<{ productId: string }[]>(
      'GET',
      `/api/sandbox/products/v2/contracts?productId=${productId}`,
    )
    expect(listed.body.result?.length).toBeGreaterThan(0)
    expect(listed.body.result?.every((x) => x.productId === productId)).toBe(true)
    expect(listed.body.pagination?.totalCount).toBe(listed.body.result?.length)
    expect((await p.call('GET', '/api/sandbox/products/v2/contracts?limit=x')).status).toBe(400)

    const purchase = (body: unknown) =>
      p.call<{ organizationName: string }>('POST', `/api/sandbox/products/v2/${productId}/purchase`, { body })
    const contractId = contract.body.result?.id
    const noOrg = await purchase({ contractId })
    expect(noOrg.status).toBe(400)
    expect(noOrg.body.message).toBe('No organization selected.')
    expect((await purchase({ organizationId: consumerOrganizationId })).body.message).toBe(
      'No contract selected.',
    )
    const elsewhere = await purchase({ organizationId: 'o0000000-0000-4000-8000-000000000001', contractId })
    expect(elsewhere.status).toBe(400)
    const bought = await purchase({ organizationId: consumerOrganizationId, contractId })
    expect(bought.status).toBe(201)
    expect(bought.body.result?.organizationName).toBe('Örebro Data')
    const events = await p.call<{ type: string; contractId: string }[]>(
      'GET',
      '/api/sandbox/events?type=PRODUCT_PURCHASED',
    )
    expect(events.body.result?.[0]?.contractId).toBe(contractId)
    expect(
      (await p.call('POST', `/api/sandbox/products/v2/${productId}/purchase`, { token: null })).status,
    ).toBe(401)
  })

  it('refuses contracts without a token or the permission', async () => {
    const productId = await firstProduct('PRODUCTION')
    expect((await p.call('GET', '/api/sandbox/products/v2/contracts', { token: null })).status).toBe(401)
    expect(
      (
        await p.call('POST', '/api/PRODUCTION/products/v2/contracts', {
          token: OPERATOR,
          body: contractBody(productId),
        })
      ).status,
    ).toBe(403)
    expect(
      (await p.call('POST', '/api/PRODUCTION/products/v2/contracts', { body: contractBody(productId) }))
        .status,
    ).toBe(201)
  })

  it('overwrites credentials and never shows a secret in full', async () => {
    const productId = await firstProduct()
    const save = (credentials: Record<string, unknown>, token?: string) =>
      p.call<{ credentials: Record<string, string> }>('POST', '/api/sandbox/products/v2/auth-credentials', {
        body: { productId, credentials },
        token,
      })
    expect((await save({ apiKey: 'first-secret-value', user: 'me' })).status).toBe(201)
    const second = await save({ apiKey: 'second-secret-value' })
    expect(second.body.result?.credentials).toEqual({ apiKey: '••••••••alue' })
    const saved = await p.call<{ credentials: Record<string, string> }>(
      'GET',
      `/api/sandbox/products/v2/auth-credentials?productId=${productId}`,
    )
    expect(saved.body.result?.credentials).toEqual({ apiKey: '••••••••alue' })
    expect(JSON.stringify(saved.body)).not.toContain('second-secret')
    expect((await save({ short: 'abc' })).body.result?.credentials).toEqual({ short: '••••••••' })
    expect((await p.call('GET', '/api/sandbox/products/v2/auth-credentials')).status).toBe(400)
    expect((await save({ apiKey: { nested: true } })).status).toBe(400)
    expect(
      (
        await p.call('GET', `/api/sandbox/products/v2/auth-credentials?productId=${productId}`, {
          token: null,
        })
      ).status,
    ).toBe(401)
    const production = await firstProduct('PRODUCTION')
    await p.platform.db.query(
      "DELETE FROM permissions WHERE user_id = 'u0000000-0000-4000-8000-000000000002' AND name = 'products.update'",
    )
    const refused = await p.call('POST', '/api/PRODUCTION/products/v2/auth-credentials', {
      token: OPERATOR,
      body: { productId: production, credentials: { a: 'b' } },
    })
    expect(refused.status).toBe(403)
  })
})
