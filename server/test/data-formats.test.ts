import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR, startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform()
})
afterAll(() => p.close())

const base = '/api/sandbox/internal/products/v2/data-formats'
const read = '/api/sandbox/products/v2/data-formats'

describe('data formats', () => {
  it('lists with the itemList envelope and pagination', async () => {
    const { status, body } = await p.call<{ itemList: unknown[] }>('GET', `${read}?limit=3&offset=0`)
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.result?.itemList).toHaveLength(3)
    expect(body.pagination).toEqual({ totalCount: 10, limit: 3, offset: 0 })
  })

  it('refuses a bad query, a bad body and no token', async () => {
    expect((await p.call('GET', `${read}?limit=abc`)).status).toBe(400)
    const bad = await p.call('POST', base, { body: { dataFormatCode: 'a b' } })
    expect(bad.status).toBe(400)
    expect(bad.body.error?.issues).toEqual([
      { path: 'dataFormatCode', message: 'Only alphanumeric characters are allowed' },
      { path: 'name', message: 'This field is required' },
    ])
    expect((await p.call('POST', base, { body: '{"broken', token: undefined })).status).toBe(400)
    expect(
      (await p.call('POST', base, { token: null, body: { dataFormatCode: 'X', name: 'X' } })).status,
    ).toBe(401)
    expect((await p.call('GET', read, { token: null })).status).toBe(401)
    expect((await p.call('GET', read, { token: 'forged' })).status).toBe(401)
  })

  it('creates once per Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': 'df-key-1' }
    const first = await p.call<{ id: string }>('POST', base, {
      body: { dataFormatCode: 'IDEM', name: 'Idem' },
      headers,
    })
    const again = await p.call<{ id: string }>('POST', base, {
      body: { dataFormatCode: 'IDEM', name: 'Idem' },
      headers,
    })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.body.result?.id).toBe(first.body.result?.id)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    const other = await p.call('POST', base, { body: { dataFormatCode: 'IDEM2', name: 'Other' }, headers })
    expect(other.status).toBe(422)
    const list = await p.call<{ itemList: { dataFormatCode: string }[] }>('GET', `${read}?q=IDEM&limit=50`)
    expect(list.body.result?.itemList.filter((f) => f.dataFormatCode === 'IDEM')).toHaveLength(1)
  })

  it('updates with If-Match and answers a stale version with 412 and the current entity', async () => {
    const created = await p.call<{ id: string; updatedAt: string }>('POST', base, {
      body: { dataFormatCode: 'VER', name: 'V1' },
    })
    const id = created.body.result?.id as string
    const v1 = created.body.result?.updatedAt as string
    const updated = await p.call<{ updatedAt: string; name: string }>('PUT', `${base}/${id}`, {
      body: { dataFormatCode: 'VER', name: 'V2' },
      headers: { 'If-Match': v1 },
    })
    expect(updated.status).toBe(200)
    expect(updated.body.result?.updatedAt).not.toBe(v1)
    const stale = await p.call<{ name: string }>('PATCH', `${base}/${id}`, {
      body: { name: 'V3' },
      headers: { 'If-Match': v1 },
    })
    expect(stale.status).toBe(412)
    expect(stale.body.result?.name).toBe('V2')
    expect((await p.call('DELETE', `${base}/${id}`, { headers: { 'If-Match': v1 } })).status).toBe(412)
    expect((await p.call('DELETE', `${base}/${id}`)).status).toBe(200)
    expect((await p.call('GET', `${read}/${id}`)).status).toBe(404)
    expect(
      (await p.call('PUT', `${base}/${id}`, { body: { dataFormatCode: 'VER', name: 'x' } })).status,
    ).toBe(404)
  })

  it('refuses a duplicate code with 409', async () => {
    const dup = await p.call('POST', base, { body: { dataFormatCode: 'JSON', name: 'Again' } })
    expect(dup.status).toBe(409)
    // The refusal names its field, so the console shows it on the field.
    expect(dup.body.error?.issues).toEqual([
      { path: 'dataFormatCode', message: 'A data format with the same code already exists.', rule: 'unique' },
    ])
  })

  it('enforces permissions when orchestrator auth is on', async () => {
    await p.enforcePermissions('sandbox')
    try {
      expect(
        (
          await p.call('POST', base, {
            token: OPERATOR,
            body: { dataFormatCode: 'OPOK', name: 'Operator may' },
          })
        ).status,
      ).toBe(201)
      const list = await p.call<{ itemList: { id: string; dataFormatCode: string }[] }>(
        'GET',
        `${read}?q=OPOK`,
      )
      const id = list.body.result?.itemList[0]?.id
      const refused = await p.call('DELETE', `${base}/${id}`, { token: OPERATOR })
      expect(refused.status).toBe(403)
      expect(refused.body.message).toBe('Access denied.')
    } finally {
      await p.enforcePermissions('sandbox', false)
    }
  })

  it('writes an event for every change', async () => {
    const { body } = await p.call<{ id: string }>('POST', base, {
      body: { dataFormatCode: 'EVT', name: 'Evented' },
    })
    const rows = await p.platform.db.query<{ type: string }>(
      "SELECT type FROM events WHERE data->>'targetEntityId' = $1",
      [body.result?.id],
    )
    expect(rows.map((r) => r.type)).toEqual(['DATA_FORMAT_CREATED'])
  })
})

describe('a data format in use', () => {
  const products = '/api/sandbox/internal/products/v2'
  const ORG3 = 'o0000000-0000-4000-8000-000000000003'
  it('says what uses it (named only to those who may see it) and refuses its delete with 409', async () => {
    const format = await p.call<{ id: string }>('POST', base, {
      body: { dataFormatCode: 'USEDBY1', name: 'Used by', type: 'JSON' },
    })
    const id = format.body.result?.id as string
    const open = await p.call<{ id: string }>('POST', products, {
      body: { name: 'Uses as output', productCode: 'USESOUT1', type: 'dataproduct', outputFormat: id },
    })
    const hidden = await p.call<{ id: string }>('POST', products, {
      body: {
        name: 'Hidden user',
        productCode: 'USESIN1',
        type: 'datasource',
        inputFormats: [id],
        publisherOrganizationId: ORG3,
        visibility: { type: 'organizations', visibleTo: [ORG3] },
      },
    })
    expect([open.status, hidden.status]).toEqual([201, 201])
    const admin = await p.call<{ count: number; items: { name: string }[] }>('GET', `${read}/${id}/used-by`)
    expect(admin.body.result).toMatchObject({
      count: 2,
      items: [{ name: 'Hidden user' }, { name: 'Uses as output' }],
    })
    const operator = await p.call<{ count: number; items: { name: string }[] }>(
      'GET',
      `${read}/${id}/used-by`,
      { token: OPERATOR },
    )
    expect(operator.body.result).toEqual({
      count: 2,
      items: [{ id: open.body.result?.id, name: 'Uses as output', type: 'dataproduct' }],
    })
    const refused = await p.call('DELETE', `${base}/${id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('Data format is in use and cannot be deleted.')
    expect(refused.body.result).toBeUndefined()
    expect((refused.body as { usedBy?: { count: number } }).usedBy?.count).toBe(2)
    expect((await p.call('GET', `${read}/${id}`)).status).toBe(200)
    expect((await p.call('GET', `${read}/nope/used-by`)).status).toBe(404)

    expect((await p.call('DELETE', `/api/sandbox/products/v2/${open.body.result?.id}`)).status).toBe(200)
    expect((await p.call('DELETE', `/api/sandbox/products/v2/${hidden.body.result?.id}`)).status).toBe(200)
    expect((await p.call('DELETE', `${base}/${id}`)).status).toBe(200)
  })
})
