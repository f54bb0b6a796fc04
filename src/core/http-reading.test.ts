import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, request } from './http'
import { saveSession } from './session'

const fetchMock = vi.fn<typeof fetch>()
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
const errors = vi.spyOn(console, 'error').mockImplementation(() => {})

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  errors.mockClear()
  await saveSession({
    kind: 'developer',
    user: { id: 'u1', email: 'a@b.c' },
    token: 't',
    expiresAt: Date.now() + 1e6,
  })
})
afterEach(() => vi.unstubAllGlobals())

const tokens = (body: unknown) => {
  fetchMock.mockResolvedValue(json(body))
  return request<{ id: string }[]>({
    path: '/api/{env}/v2/u1/app-tokens',
    schema: (a) => a.itemListAnswer(a.tokenAnswer),
    rows: true,
  })
}
const token = { id: 'k1', name: 'n', status: 'active' }

describe('the tolerant reader at the door', () => {
  it('reads a list as a plain array, itemList, or result.itemList', async () => {
    for (const body of [
      { success: true, result: [token] },
      { success: true, result: { itemList: [token] } },
      { success: true, result: { result: { itemList: [token] } } },
      [token],
      { itemList: [token] },
    ]) {
      const result = await tokens(body)
      expect(result.error).toBeUndefined()
      expect(result.data).toEqual([token])
    }
  })

  it('finds totalCount beside the list or inside the result, and leaves it unknown when absent', async () => {
    expect((await tokens({ success: true, result: [token], pagination: { totalCount: 12 } })).total).toBe(12)
    expect(
      (await tokens({ success: true, result: { itemList: [token], pagination: { totalCount: 12 } } })).total,
    ).toBe(12)
    expect((await tokens({ success: true, result: { itemList: [token], totalCount: '12' } })).total).toBe(12)
    expect(
      (await tokens({ success: true, result: [token], pagination: { currentPage: 1, limit: 10 } })).total,
    ).toBeUndefined()
  })

  it('keeps an unreadable row in place, marked, and logs the call, the field and what was expected', async () => {
    const result = await tokens({ success: true, result: [token, { id: 'k2', name: 'x' }] })
    expect(result.data).toHaveLength(2)
    expect(result.data?.[1]).toMatchObject({
      __unreadable: {
        raw: { id: 'k2', name: 'x' },
        path: '1.status',
        expected: 'Invalid input: expected string, received undefined',
      },
    })
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/GET \/api\/sandbox\/v2\/u1\/app-tokens at 1\.status/)
  })

  it('says which call and which field when a whole answer does not fit', async () => {
    fetchMock.mockResolvedValue(json({ success: true, result: { id: 't1', status: 'stopped' } }))
    const result = await request({ path: '/api/{env}/tasks/t1', schema: (a) => a.taskAnswer })
    expect(result).toMatchObject({
      kind: 'shape',
      mismatch: {
        call: 'GET /api/sandbox/tasks/t1',
        path: 'name',
        expected: 'Invalid input: expected string, received undefined',
      },
    })
    expect(apiError(result).mismatch?.path).toBe('name')
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/GET \/api\/sandbox\/tasks\/t1 does not fit at "name"/)
  })

  it('reads a body cut off mid-answer as no answer, never as an empty answer that does not fit', async () => {
    // The platform stopped while its answer came: the headers arrived, the body's stream then failed.
    const cut = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"success":true,"result":['))
        controller.error(new TypeError('Load failed'))
      },
    })
    fetchMock.mockResolvedValue(new Response(cut, { status: 200 }))
    const result = await request({
      path: '/api/{env}/auth/users/u1/permissions',
      schema: (a) => a.itemListAnswer(a.tokenAnswer),
    })
    expect(result).toMatchObject({ status: 0, kind: 'offline' })
    expect(errors).not.toHaveBeenCalled()
  })

  it('reads epoch seconds and milliseconds as ISO times', async () => {
    fetchMock.mockResolvedValue(
      json({
        success: true,
        result: [
          { id: 'e1', timestamp: 1767225600, type: 'X', status: 'info' },
          { id: 'e2', timestamp: 1767225600000, type: 'X', status: 'info' },
          { id: 'e3', timestamp: '2026-01-01T00:00:00Z', type: 'X', status: 'info' },
        ],
      }),
    )
    const result = await request<{ timestamp: string }[]>({
      path: '/api/{env}/events',
      schema: (a) => a.listOf(a.eventAnswer),
    })
    expect(result.data?.map((e) => Date.parse(e.timestamp))).toEqual([
      1767225600000, 1767225600000, 1767225600000,
    ])
  })
})
