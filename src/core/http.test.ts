import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildUrl, GENERIC_FAILURE, keepsSessionOn401, request, setUnauthorizedHandler } from './http'
import { organizationSetting } from './scope'
import { saveSession } from './session'

const fetchMock = vi.fn<typeof fetch>()
const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
    ...init,
  })

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  organizationSetting.clear()
  await saveSession({
    kind: 'developer',
    user: { id: 'u1', email: 'a@b.c' },
    token: 'tok-1',
    expiresAt: Date.now() + 1e6,
  })
})
afterEach(() => vi.unstubAllGlobals())

const sent = () => {
  const [url, init] = fetchMock.mock.calls[0] ?? []
  return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> }
}

describe('http layer: the shared request behaviour', () => {
  it('fills the path from params with env and version defaults, and adds a query string', () => {
    expect(
      buildUrl(
        '/api/{env}/products/{version}/{id}',
        { id: 'a b' },
        { limit: 10, offset: 0, q: '', x: undefined },
      ),
    ).toBe('/api/sandbox/products/v2/a%20b?limit=10&offset=0')
    expect(buildUrl('/api/{env}/tasks', { env: 'production' })).toBe('/api/production/tasks')
  })

  it('sends Accept JSON and the bearer token', async () => {
    fetchMock.mockResolvedValue(json({ success: true, result: [] }))
    await request({ path: '/api/{env}/tasks' })
    expect(sent().headers.Accept).toBe('application/json')
    expect(sent().headers.Authorization).toBe('Bearer tok-1')
  })

  it('sends Organization-Id for product paths only, when an organization is stored', async () => {
    fetchMock.mockImplementation(async () => json({ success: true, result: [] }))
    await request({ path: '/api/{env}/products/{version}' })
    expect(sent().headers['Organization-Id']).toBeUndefined()
    organizationSetting.set('org-7')
    fetchMock.mockClear()
    await request({ path: '/api/{env}/products/{version}' })
    expect(sent().headers['Organization-Id']).toBe('org-7')
    fetchMock.mockClear()
    await request({ path: '/api/{env}/tasks' })
    expect(sent().headers['Organization-Id']).toBeUndefined()
  })

  it('gives an empty result when success is false', async () => {
    fetchMock.mockResolvedValue(json({ success: false, message: 'nope' }))
    const result = await request({ path: '/api/{env}/tasks' })
    expect(result.data).toBeUndefined()
    expect(result.error).toBe('nope')
  })

  it('unwraps result and passes pagination and the x-auth header on', async () => {
    fetchMock.mockResolvedValue(
      json(
        { success: true, result: [{ id: 1 }], pagination: { totalCount: 31 } },
        { headers: { 'x-auth': 'renewed' } },
      ),
    )
    const result = await request<{ id: number }[]>({ path: '/api/{env}/tasks' })
    expect(result).toMatchObject({
      data: [{ id: 1 }],
      pagination: { totalCount: 31 },
      xAuth: 'renewed',
      status: 200,
    })
  })

  it('returns blobs as they are', async () => {
    fetchMock.mockResolvedValue(new Response('raw bytes', { status: 200 }))
    const result = await request<Blob>({ path: '/api/{env}/products/{version}/1/files/2', blob: true })
    expect(await result.data?.text()).toBe('raw bytes')
  })

  it('on failure gives no data and the error text: error.message, then message, then transport', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { message: 'inner' }, message: 'outer' }, { status: 400 }))
    expect(await request({ path: '/api/{env}/tasks' })).toMatchObject({
      error: 'inner',
      kind: 'status',
      status: 400,
    })
    fetchMock.mockResolvedValueOnce(json({ message: 'outer' }, { status: 500 }))
    expect(await request({ path: '/api/{env}/tasks' })).toMatchObject({
      error: 'outer',
      kind: 'status',
      status: 500,
    })
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    expect(await request({ path: '/api/{env}/tasks' })).toMatchObject({
      error: 'Failed to fetch',
      kind: 'offline',
      status: 0,
    })
  })

  it('turns a broken answer into the generic failure message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>proxy</html>', { status: 200 }))
    expect(await request({ path: '/api/{env}/tasks' })).toMatchObject({
      error: GENERIC_FAILURE,
      kind: 'unreadable',
    })
    fetchMock.mockResolvedValueOnce(new Response('{"success":tr', { status: 200 }))
    expect(await request({ path: '/api/{env}/tasks' })).toMatchObject({
      error: GENERIC_FAILURE,
      kind: 'unreadable',
    })
  })

  it('logs out on 401 except for auth, contracts and auth-credentials paths', async () => {
    const handler = vi.fn()
    setUnauthorizedHandler(handler)
    fetchMock.mockImplementation(async () => json({ message: 'Unauthorized' }, { status: 401 }))
    await request({ path: '/api/{env}/auth/organizations' })
    await request({ path: '/api/{env}/products/v2/contracts' })
    await request({ path: '/api/{env}/products/v2/auth-credentials' })
    expect(handler).not.toHaveBeenCalled()
    await request({ path: '/api/{env}/tasks' })
    expect(handler).toHaveBeenCalledTimes(1)
    expect(keepsSessionOn401('/api/production/auth/users/1/roles')).toBe(true)
    expect(keepsSessionOn401('/api/sandbox/products/v2/1')).toBe(false)
  })

  it('sends JSON bodies', async () => {
    fetchMock.mockResolvedValue(json({ success: true, result: { id: 'x' } }))
    await request({ method: 'POST', path: '/api/{env}/tasks', body: { name: 'n' } })
    expect(sent().init.body).toBe('{"name":"n"}')
    expect(sent().headers['Content-Type']).toBe('application/json')
  })
})

describe('answers checked at the door', () => {
  it('a 200 of the wrong shape is the generic failure of that call, not data', async () => {
    fetchMock.mockResolvedValue(json({ success: true, result: {} }))
    const result = await request({ path: '/api/{env}/tasks', schema: (a) => a.listOf(a.taskAnswer) })
    expect(result).toMatchObject({ status: 502, error: GENERIC_FAILURE, kind: 'shape' })
    expect(result.data).toBeUndefined()
  })
  it('a matching answer passes unchanged, with unknown fields kept', async () => {
    const task = { id: 't1', name: 'A', status: 'running', jobs: [], extra: 1 }
    fetchMock.mockResolvedValue(json({ success: true, result: [task], pagination: { totalCount: 1 } }))
    const result = await request({ path: '/api/{env}/tasks', schema: (a) => a.listOf(a.taskAnswer) })
    expect(result.data).toEqual([task])
    expect(result.error).toBeUndefined()
  })
  it('a pagination without a readable total is a list without a total', async () => {
    fetchMock.mockResolvedValue(json({ success: true, result: [], pagination: { totalCount: 'x' } }))
    const result = await request({ path: '/api/{env}/tasks' })
    expect(result.error).toBeUndefined()
    expect(result.total).toBeUndefined()
  })
  it('truncated JSON is unreadable; an HTML 502 keeps its status', async () => {
    fetchMock.mockResolvedValue(new Response('{"success":tr', { status: 200 }))
    expect(await request({ path: '/api/{env}/tasks' })).toMatchObject({ kind: 'unreadable', status: 502 })
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }))
    expect(await request({ path: '/api/{env}/tasks' })).toMatchObject({ kind: 'status', status: 502 })
  })
  it('no answer is offline; the platform issues are passed on', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    expect(await request({ path: '/api/{env}/tasks' })).toMatchObject({ kind: 'offline', status: 0 })
    const issues = [{ path: 'expirationDate', message: 'must be in the future' }]
    fetchMock.mockResolvedValue(
      json({ success: false, message: 'x', error: { message: 'x', issues } }, { status: 400 }),
    )
    expect(await request({ path: '/api/{env}/tasks' })).toMatchObject({ status: 400, issues })
  })
})
