import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR, startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform()
})
afterAll(() => p.close())

interface Product {
  id: string
  productCode: string
  name: string
  type: string
  createdBy?: string
  updatedAt: string
  organizationName?: string
  meta?: unknown
}
const product = (code: string, extra: Record<string, unknown> = {}) => ({
  name: `Product ${code}`,
  productCode: code,
  type: 'dataproduct',
  ...extra,
})

describe('products', () => {
  it("lists publicly, in every version, paged and filtered by type, the caller's items first", async () => {
    const anonymous = await p.call<Product[]>('GET', '/api/sandbox/products/v2?limit=5', { token: null })
    expect(anonymous.status).toBe(200)
    expect(anonymous.body.result).toHaveLength(5)
    const all = await p.call<Product[]>('GET', '/api/sandbox/products/v2?limit=100')
    expect(all.body.pagination?.totalCount).toBe(64)
    // Anonymous visitors see public products only, and cannot open a private one.
    const everyone = await p.call<(Product & { visibility?: { type: string } })[]>(
      'GET',
      '/api/sandbox/products/v2?limit=100',
      { token: null },
    )
    expect(everyone.body.pagination?.totalCount).toBeLessThan(64)
    expect(everyone.body.result?.every((x) => (x.visibility?.type ?? 'public') === 'public')).toBe(true)
    const hidden = (all.body.result as (Product & { visibility?: { type: string } })[]).find(
      (x) => x.visibility?.type === 'private',
    )
    expect((await p.call('GET', `/api/sandbox/products/v2/${hidden?.id}`, { token: null })).status).toBe(404)
    expect((await p.call('GET', `/api/sandbox/products/v2/${hidden?.id}`)).status).toBe(200)
    expect((await p.call('GET', '/api/sandbox/products/v1?limit=1', { token: null })).status).toBe(200)
    const connectors = await p.call<Product[]>('GET', '/api/sandbox/products/v2?type=connector&limit=100')
    expect(connectors.body.result?.every((x) => x.type === 'connector')).toBe(true)
    const two = await p.call<Product[]>(
      'GET',
      '/api/sandbox/products/v2?type=in:connector,transformer&limit=100',
    )
    expect(new Set(two.body.result?.map((x) => x.type))).toEqual(new Set(['connector', 'transformer']))
    const sorted = await p.call<Product[]>(
      'GET',
      '/api/sandbox/products/v2?sortBy=name&sortOrder=asc&limit=100',
      { token: null },
    )
    const names = sorted.body.result?.map((x) => x.name) ?? []
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    const mine = await p.call<Product[]>('GET', '/api/sandbox/products/v2?limit=100', { token: OPERATOR })
    const owners = mine.body.result?.map((x) => x.createdBy === 'u0000000-0000-4000-8000-000000000002') ?? []
    expect(owners.indexOf(false)).toBeGreaterThan(0)
    expect(owners.slice(owners.indexOf(false)).includes(true)).toBe(false)
    expect((await p.call('GET', '/api/sandbox/products/v2?sortOrder=sideways')).status).toBe(400)
  })

  it('filters the list by status, organization and a text search over name, code and description', async () => {
    const all = await p.call<(Product & { status?: string; publisherOrganizationId?: string })[]>(
      'GET',
      '/api/sandbox/products/v2?limit=100',
    )
    const items = all.body.result ?? []
    const drafts = await p.call<Product[]>('GET', '/api/sandbox/products/v2?status=draft&limit=100')
    expect(drafts.body.pagination?.totalCount).toBe(items.filter((x) => x.status === 'draft').length)
    expect(drafts.body.result?.length).toBeGreaterThan(0)
    const org = items[0]?.publisherOrganizationId as string
    const ofOrg = await p.call<Product[]>('GET', `/api/sandbox/products/v2?organizationId=${org}&limit=100`)
    expect(ofOrg.body.pagination?.totalCount).toBe(
      items.filter((x) => x.publisherOrganizationId === org).length,
    )
    const both = await p.call<Product[]>(
      'GET',
      `/api/sandbox/products/v2?organizationId=${org}&status=draft&type=dataproduct&limit=100`,
    )
    expect(both.body.pagination?.totalCount).toBe(
      items.filter(
        (x) => x.publisherOrganizationId === org && x.status === 'draft' && x.type === 'dataproduct',
      ).length,
    )
    const created = await p.call<Product & { actions?: unknown }>(
      'POST',
      '/api/sandbox/internal/products/v2',
      {
        body: product('FINDME_1', {
          name: 'Lighthouse beacons',
          description: 'Signals of the archipelago',
          actions: [{ name: 'fetch' }],
        }),
      },
    )
    // A product's actions (its "actions" tab) are kept as given.
    expect(created.body.result?.actions).toEqual([{ name: 'fetch' }])
    for (const q of ['lighthouse', 'findme_1', 'ARCHIPELAGO']) {
      const found = await p.call<Product[]>('GET', `/api/sandbox/products/v2?q=${q}&limit=100`)
      expect(
        found.body.result?.map((x) => x.productCode),
        q,
      ).toEqual(['FINDME_1'])
    }
  })

  it('keeps the environments apart', async () => {
    const production = await p.call<Product[]>('GET', '/api/PRODUCTION/products/v2?limit=1')
    expect(production.body.pagination?.totalCount).toBe(15)
    expect((await p.call('GET', '/api/staging/products/v2')).status).toBe(404)
  })

  it('creates by POST and updates by PATCH on the internal path, refusing a duplicate code with its message', async () => {
    const created = await p.call<Product>('POST', '/api/sandbox/internal/products/v2', {
      body: product('NEW_ONE', { visibility: { type: 'organizations', visibleTo: ['o1'] } }),
      headers: { 'Organization-Id': 'o0000000-0000-4000-8000-000000000002' },
    })
    expect(created.status).toBe(201)
    expect(created.body.result?.organizationName).toBe('Aalto Logistics')
    const dup = await p.call('POST', '/api/sandbox/internal/products/v2', { body: product('NEW_ONE') })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toBe('Product with the same product code already exists.')
    const id = created.body.result?.id as string
    const patched = await p.call<Product>('PATCH', `/api/sandbox/internal/products/v2/${id}`, {
      body: { name: 'Renamed' },
    })
    expect(patched.body.result?.name).toBe('Renamed')
    expect(
      (await p.call('PATCH', `/api/sandbox/internal/products/v2/${id}`, { body: { type: 'gadget' } })).body
        .error?.issues?.[0]?.message,
    ).toBe('Please select item from the dropdown')
    expect((await p.call('GET', `/api/sandbox/products/v2/${id}`)).body.result).toMatchObject({
      name: 'Renamed',
    })
    const stale = await p.call('DELETE', `/api/sandbox/products/v2/${id}`, {
      headers: { 'If-Match': created.body.result?.updatedAt as string },
    })
    expect(stale.status).toBe(412)
    expect((await p.call('DELETE', `/api/sandbox/products/v2/${id}`)).status).toBe(200)
    expect((await p.call('GET', `/api/sandbox/products/v2/${id}`)).status).toBe(404)
  })

  it('validates bodies: required, alphanumeric code, email and URL rules', async () => {
    const bad = await p.call('POST', '/api/sandbox/internal/products/v2', {
      body: {
        productCode: 'has space',
        type: 'dataproduct',
        contactPersonEmail: 'nope',
        imageUrl: 'ftp://x',
      },
    })
    expect(bad.status).toBe(400)
    expect(Object.fromEntries((bad.body.error?.issues ?? []).map((i) => [i.path, i.message]))).toEqual({
      name: 'This field is required',
      productCode: 'Only alphanumeric characters are allowed',
      contactPersonEmail: 'Email invalid',
      imageUrl: 'Please provide a valid URL',
    })
    expect(
      (await p.call('POST', '/api/sandbox/internal/products/v2', { token: null, body: product('NOAUTH') }))
        .status,
    ).toBe(401)
  })

  it('keeps meta and task data of a source', async () => {
    const list = await p.call<Product[]>('GET', '/api/sandbox/products/v2?type=datasource&limit=1')
    const id = list.body.result?.[0]?.id as string
    expect(
      (await p.call('PUT', `/api/sandbox/products/v2/${id}/meta`, { body: { meta: { owner: 'field' } } }))
        .status,
    ).toBe(200)
    expect((await p.call('GET', `/api/sandbox/products/v2/${id}/meta`)).body.result).toEqual({
      meta: { owner: 'field' },
    })
    expect(
      (await p.call('PUT', `/api/sandbox/products/v2/${id}/task`, { body: { task: { schedule: 'hourly' } } }))
        .status,
    ).toBe(200)
    expect((await p.call('GET', `/api/sandbox/products/v2/${id}/task`)).body.result).toEqual({
      task: { schedule: 'hourly' },
    })
    expect(
      (await p.call('PUT', `/api/sandbox/products/v2/${id}/meta`, { body: { meta: 'text' } })).status,
    ).toBe(400)
    expect((await p.call('GET', `/api/sandbox/products/v2/${id}/meta`, { token: null })).status).toBe(401)
  })

  it('has quality attributes and protocols as sub-resources', async () => {
    const list = await p.call<Product[]>('GET', '/api/sandbox/products/v2?limit=1')
    const id = list.body.result?.[0]?.id as string
    const qa = await p.call<{ id: string }>('POST', `/api/sandbox/products/v2/${id}/quality-attributes`, {
      body: { name: 'latency', value: '< 1 s' },
    })
    expect(qa.status).toBe(201)
    const sub = qa.body.result?.id as string
    expect(
      (await p.call<unknown[]>('GET', `/api/sandbox/products/v2/${id}/quality-attributes`)).body.result,
    ).toHaveLength(1)
    expect((await p.call('GET', `/api/sandbox/products/v2/${id}/quality-attributes/${sub}`)).status).toBe(200)
    expect(
      (await p.call('POST', `/api/sandbox/products/v2/${id}/quality-attributes`, { body: {} })).status,
    ).toBe(400)
    expect((await p.call('DELETE', `/api/sandbox/products/v2/${id}/quality-attributes/${sub}`)).status).toBe(
      200,
    )
    expect((await p.call('GET', `/api/sandbox/products/v2/${id}/quality-attributes/${sub}`)).status).toBe(404)
    expect(
      (await p.call<{ id: string }[]>('GET', '/api/sandbox/products/v2/protocols')).body.result?.map(
        (x) => x.id,
      ),
    ).toContain('mqtt')
  })

  it('refuses the operator a product deletion when permissions are enforced', async () => {
    const list = await p.call<Product[]>('GET', '/api/PRODUCTION/products/v2?limit=1', { token: null })
    const refused = await p.call('DELETE', `/api/PRODUCTION/products/v2/${list.body.result?.[0]?.id}`, {
      token: OPERATOR,
    })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Access denied.')
  })
})

describe('product writes and parts', () => {
  const ids = async (env = 'sandbox', query = 'limit=1') =>
    (await p.call<Product[]>('GET', `/api/${env}/products/v2?${query}`, { token: null })).body.result?.map(
      (x) => x.id,
    ) ?? []

  it('answers only v1 and v2', async () => {
    expect((await p.call('GET', '/api/sandbox/products/v3', { token: null })).status).toBe(404)
    expect((await p.call('POST', '/api/sandbox/internal/products/v9', { body: product('V9') })).status).toBe(
      404,
    )
    const [id] = await ids()
    expect((await p.call('GET', `/api/sandbox/products/v1/${id}`, { token: null })).status).toBe(200)
  })

  it('creates once per Idempotency-Key and refuses a JSON body over 1 MB', async () => {
    const headers = { 'Idempotency-Key': 'product-create-1' }
    const first = await p.call<Product>('POST', '/api/sandbox/internal/products/v2', {
      body: product('IDEMP'),
      headers,
    })
    const again = await p.call<Product>('POST', '/api/sandbox/internal/products/v2', {
      body: product('IDEMP'),
      headers,
    })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.body.result?.id).toBe(first.body.result?.id)
    const rows = await p.platform.db.query(
      "SELECT id FROM entities WHERE env = 'sandbox' AND kind = 'product' AND code = 'IDEMP'",
    )
    expect(rows).toHaveLength(1)
    const huge = await p.call('POST', '/api/sandbox/internal/products/v2', {
      body: product('HUGE', { description: 'x'.repeat(1_100_000) }),
    })
    expect(huge.status).toBe(413)
    expect((await p.call('POST', '/api/sandbox/internal/products/v2', { body: '{"name":' })).status).toBe(400)
  })

  it('keeps meta with If-Match and refuses it without the permission', async () => {
    const [id] = await ids('PRODUCTION')
    const current = await p.call<Product>('GET', `/api/PRODUCTION/products/v2/${id}`, { token: null })
    const saved = await p.call<{ updatedAt: string }>('PUT', `/api/PRODUCTION/products/v2/${id}/meta`, {
      body: { meta: { a: 1 } },
      headers: { 'If-Match': current.body.result?.updatedAt as string },
    })
    expect(saved.status).toBe(200)
    const stale = await p.call<Product>('PUT', `/api/PRODUCTION/products/v2/${id}/meta`, {
      body: { meta: { a: 2 } },
      headers: { 'If-Match': current.body.result?.updatedAt as string },
    })
    expect(stale.status).toBe(412)
    expect(stale.body.result?.meta).toEqual({ a: 1 })
    await p.platform.db.query(
      "DELETE FROM permissions WHERE user_id = 'u0000000-0000-4000-8000-000000000002' AND name = 'products.update'",
    )
    const refused = await p.call('PUT', `/api/PRODUCTION/products/v2/${id}/task`, {
      token: OPERATOR,
      body: { task: {} },
    })
    expect(refused.status).toBe(403)
    const qa = await p.call('POST', `/api/PRODUCTION/products/v2/${id}/quality-attributes`, {
      token: OPERATOR,
      body: { name: 'x' },
    })
    expect(qa.status).toBe(403)
    const upload = await p.call('POST', `/api/PRODUCTION/products/v2/${id}/files`, {
      token: OPERATOR,
      raw: 'x',
      headers: { 'X-File-Name': 'x.txt' },
    })
    expect(upload.status).toBe(403)
    expect((await p.call('GET', `/api/PRODUCTION/products/v2/${id}/task`, { token: OPERATOR })).status).toBe(
      200,
    )
  })

  it('offers every quality attribute name for autocomplete', async () => {
    const all = await p.call<{ name: string; count: number }[]>(
      'GET',
      '/api/sandbox/products/v2/quality-attributes?limit=50',
    )
    expect(all.body.result?.map((x) => x.name)).toEqual(
      expect.arrayContaining(['accuracy', 'completeness', 'timeliness']),
    )
    const filtered = await p.call<{ name: string }[]>(
      'GET',
      '/api/sandbox/products/v2/quality-attributes?q=accu',
    )
    expect(filtered.body.result?.map((x) => x.name)).toEqual(['accuracy'])
    expect((await p.call('GET', '/api/sandbox/products/v2/quality-attributes', { token: null })).status).toBe(
      401,
    )
    expect((await p.call('GET', '/api/sandbox/products/v2/quality-attributes?limit=-1')).status).toBe(400)
    expect((await p.call('GET', '/api/sandbox/products/v2/nope/quality-attributes')).status).toBe(404)
    expect(
      (await p.call('POST', '/api/sandbox/products/v2/nope/quality-attributes', { body: {} })).status,
    ).toBe(404)
  })

  it("removes a product's parts with it and writes an event for each change", async () => {
    const created = await p.call<Product>('POST', '/api/sandbox/internal/products/v2', {
      body: product('WITH_PARTS'),
    })
    const id = created.body.result?.id as string
    await p.call('POST', `/api/sandbox/products/v2/${id}/quality-attributes`, { body: { name: 'fresh' } })
    await p.call('POST', `/api/sandbox/products/v2/${id}/files`, {
      raw: 'a,b\n1,2',
      headers: { 'Content-Type': 'text/csv', 'X-File-Name': 'sample.csv' },
    })
    const events = await p.call<{ type: string }[]>('GET', `/api/sandbox/events?targetType=product&limit=3`)
    expect(events.body.result?.map((e) => e.type)).toEqual([
      'FILE_UPLOADED',
      'QUALITY_ATTRIBUTE_ADDED',
      'PRODUCT_CREATED',
    ])
    expect((await p.call('DELETE', `/api/sandbox/products/v2/${id}`)).status).toBe(200)
    const left = await p.platform.db.query(
      "SELECT kind FROM entities WHERE env = 'sandbox' AND parent_id = $1",
      [id],
    )
    expect(left).toEqual([])
  })
})

describe('product files', () => {
  it('uploads, lists, downloads and deletes a file', async () => {
    const list = await p.call<Product[]>('GET', '/api/sandbox/products/v2?type=transformer&limit=1')
    const id = list.body.result?.[0]?.id as string
    const uploaded = await p.call<{ id: string; size: number }>(
      'POST',
      `/api/sandbox/products/v2/${id}/files`,
      {
        raw: '{"mapping": true}',
        headers: { 'Content-Type': 'application/json', 'X-File-Name': 'mapper.json' },
      },
    )
    expect(uploaded.status).toBe(201)
    expect(uploaded.body.result?.size).toBe(17)
    const fileId = uploaded.body.result?.id as string
    expect((await p.call<unknown[]>('GET', `/api/sandbox/products/v2/${id}/files`)).body.result).toHaveLength(
      1,
    )
    const download = await p.app.request(`/api/sandbox/products/v2/${id}/files/${fileId}`, {
      headers: { Authorization: 'Bearer demo-admin-token' },
    })
    expect(await download.text()).toBe('{"mapping": true}')
    expect((await p.call('POST', `/api/sandbox/products/v2/${id}/files`, { raw: 'x' })).status).toBe(400)
    expect(
      (
        await p.call('POST', `/api/sandbox/products/v2/${id}/files`, {
          token: null,
          raw: 'x',
          headers: { 'X-File-Name': 'a' },
        })
      ).status,
    ).toBe(401)
    expect((await p.call('DELETE', `/api/sandbox/products/v2/${id}/files/${fileId}`)).status).toBe(200)
    expect((await p.call('DELETE', `/api/sandbox/products/v2/${id}/files/${fileId}`)).status).toBe(404)
  })

  it('keeps what a file is to its product (X-File-Kind or a multipart kind) and refuses an unknown kind', async () => {
    const list = await p.call<Product[]>('GET', '/api/sandbox/products/v2?type=transformer&limit=1&offset=2')
    const id = list.body.result?.[0]?.id as string
    const raw = await p.call<{ kind?: string }>('POST', `/api/sandbox/products/v2/${id}/files`, {
      raw: 'a,b',
      headers: { 'X-File-Name': 'in.csv', 'X-File-Kind': 'input-raw' },
    })
    expect(raw.status).toBe(201)
    expect(raw.body.result?.kind).toBe('input-raw')
    const form = new FormData()
    form.append('kind', 'mapper')
    form.append('file', new File(['{}'], 'map.json', { type: 'application/json' }))
    const multipart = await p.call<{ kind?: string }>('POST', `/api/sandbox/products/v2/${id}/files`, {
      raw: form,
    })
    expect(multipart.body.result?.kind).toBe('mapper')
    const listed = await p.call<{ name: string; kind?: string }[]>(
      'GET',
      `/api/sandbox/products/v2/${id}/files`,
    )
    expect(listed.body.result?.map((f) => [f.name, f.kind]).sort()).toEqual([
      ['in.csv', 'input-raw'],
      ['map.json', 'mapper'],
    ])
    const unknown = await p.call('POST', `/api/sandbox/products/v2/${id}/files`, {
      raw: 'x',
      headers: { 'X-File-Name': 'x.txt', 'X-File-Kind': 'secret' },
    })
    expect(unknown.status).toBe(400)
  })

  it('takes only JSON for a JSON sample (415 with the reason), by name or type and content', async () => {
    const list = await p.call<Product[]>('GET', '/api/sandbox/products/v2?type=transformer&limit=1&offset=3')
    const id = list.body.result?.[0]?.id as string
    const send = (name: string, raw: string, type = 'application/octet-stream') =>
      p.call<{ kind?: string }>('POST', `/api/sandbox/products/v2/${id}/files`, {
        raw,
        headers: { 'X-File-Name': name, 'X-File-Kind': 'input-json', 'Content-Type': type },
      })
    const csv = await send('in.csv', 'a,b', 'text/csv')
    expect(csv.status).toBe(415)
    expect(csv.body.message).toBe('The file must be JSON (.json)')
    expect((await send('in.json', '{not json')).status).toBe(415)
    expect((await send('in.json', '{"a": 1}')).status).toBe(201)
    expect((await send('sample', '[1]', 'application/json')).status).toBe(201)
    const raw = await p.call('POST', `/api/sandbox/products/v2/${id}/files`, {
      raw: 'a,b',
      headers: { 'X-File-Name': 'in.csv', 'X-File-Kind': 'output-raw' },
    })
    expect(raw.status).toBe(201)
  })

  it('takes a multipart file, once per Idempotency-Key, and refuses more than 5 MB', async () => {
    const list = await p.call<Product[]>('GET', '/api/sandbox/products/v2?type=transformer&limit=1&offset=1')
    const id = list.body.result?.[0]?.id as string
    const upload = () => {
      const form = new FormData()
      form.append('file', new File(['<a/>'], 'input.xml', { type: 'application/xml' }))
      return p.call<{ id: string; name: string; contentType: string }>(
        'POST',
        `/api/sandbox/products/v2/${id}/files`,
        { raw: form, headers: { 'Idempotency-Key': 'file-upload-1' } },
      )
    }
    const first = await upload()
    expect(first.status).toBe(201)
    expect(first.body.result).toMatchObject({ name: 'input.xml', contentType: 'application/xml' })
    expect((await upload()).body.result?.id).toBe(first.body.result?.id)
    expect((await p.call<unknown[]>('GET', `/api/sandbox/products/v2/${id}/files`)).body.result).toHaveLength(
      1,
    )
    const download = await p.app.request(`/api/sandbox/products/v2/${id}/files/${first.body.result?.id}`, {
      headers: { Authorization: 'Bearer demo-admin-token' },
    })
    expect(download.headers.get('Content-Type')).toBe('application/xml')
    expect(download.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const big = await p.call('POST', `/api/sandbox/products/v2/${id}/files`, {
      raw: new Uint8Array(5 * 1024 * 1024 + 1),
      headers: { 'X-File-Name': 'big.bin' },
    })
    expect(big.status).toBe(413)
    expect((await p.call('GET', `/api/sandbox/products/v2/nope/files`)).status).toBe(404)
  })
})

describe('who made a product', () => {
  it('is named to signed-in readers of one product, and not to anonymous visitors', async () => {
    const created = await p.call<{ id: string }>('POST', '/api/sandbox/internal/products/v2', {
      body: { name: 'Named maker', productCode: 'NAMEDMAKER1', type: 'dataproduct' },
    })
    const id = created.body.result?.id as string
    const read = await p.call<{ createdBy: string; createdByName?: string; updatedByName?: string }>(
      'GET',
      `/api/sandbox/products/v2/${id}`,
      { token: OPERATOR },
    )
    expect(read.body.result).toMatchObject({ createdByName: 'Ada Admin', updatedByName: 'Ada Admin' })
    const anonymous = await p.call<{ createdByName?: string }>('GET', `/api/sandbox/products/v2/${id}`, {
      token: null,
    })
    expect(anonymous.status).toBe(200)
    expect(anonymous.body.result?.createdByName).toBeUndefined()
  })
})

describe('a catalog item in use', () => {
  const internal = '/api/sandbox/internal/products/v2'
  const products = '/api/sandbox/products/v2'
  it('says what uses it (items and contracts) and refuses its delete with 409 until nothing does', async () => {
    const connector = await p.call<{ id: string }>('POST', internal, {
      body: product('USEDCONN1', { name: 'Used connector', type: 'connector' }),
    })
    const connectorId = connector.body.result?.id as string
    const source = await p.call<{ id: string }>('POST', internal, {
      body: product('USESCONN1', { name: 'Uses the connector', type: 'datasource', connector: connectorId }),
    })
    const sourceId = source.body.result?.id as string
    const contract = await p.call<{ id: string }>('POST', `${products}/contracts`, {
      body: {
        productId: sourceId,
        consumerOrganizationId: 'o0000000-0000-4000-8000-000000000003',
        validFrom: '2026-01-01',
        validTo: '2099-01-01',
      },
    })
    expect([connector.status, source.status, contract.status]).toEqual([201, 201, 201])

    const used = await p.call<{ count: number; items: { name: string; type?: string }[] }>(
      'GET',
      `${products}/${connectorId}/used-by`,
    )
    expect(used.status, JSON.stringify(used.body)).toBe(200)
    expect(used.body.result).toEqual({
      count: 1,
      items: [{ id: sourceId, name: 'Uses the connector', type: 'datasource' }],
    })
    const refused = await p.call('DELETE', `${products}/${connectorId}`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('Product is in use and cannot be deleted.')
    expect((refused.body as { usedBy?: { count: number } }).usedBy?.count).toBe(1)

    // The source has a contract: it is in use too.
    const contracted = await p.call<{ count: number; items: { name: string; type?: string }[] }>(
      'GET',
      `${products}/${sourceId}/used-by`,
    )
    expect(contracted.body.result).toMatchObject({ count: 1, items: [{ type: 'contract' }] })
    expect((await p.call('DELETE', `${products}/${sourceId}`)).status).toBe(409)
    expect((await p.call('GET', `${products}/${sourceId}`)).status).toBe(200)

    // Once nothing names the connector, it can go.
    expect((await p.call('PATCH', `${internal}/${sourceId}`, { body: { connector: '' } })).status).toBe(200)
    expect((await p.call('GET', `${products}/nope/used-by`)).status).toBe(404)
    expect((await p.call('GET', `${products}/${connectorId}/used-by`, { token: null })).status).toBe(401)
    expect((await p.call('DELETE', `${products}/${connectorId}`)).status).toBe(200)
  })
})
