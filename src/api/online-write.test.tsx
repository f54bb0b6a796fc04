import { act } from '@testing-library/react'
import { createIntl } from 'react-intl'
import { describe, expect, it, vi } from 'vitest'
import fi from '../../lang/fi.json'
import type { ApiResult } from '../core/http'
import { renderHookInConsole } from '../test-render'
import { describeError } from '../ui/error-text'
import { useOnlineWrite } from './online-write'

function door(answers: ApiResult<unknown>[]) {
  const keys: string[] = []
  const send = vi.fn(async (_input: { id: string }, key: string) => {
    keys.push(key)
    return answers.shift() ?? { data: {}, status: 200 }
  })
  const { result } = renderHookInConsole(() => useOnlineWrite(send), { locale: 'fi' })
  return { result, keys, send }
}

describe('the one door for online-only writes', () => {
  it('keeps the key for a retry after no answer or a 5xx, and takes a new one after a final answer', async () => {
    const { result, keys } = door([
      { status: 0, error: 'Failed to fetch', kind: 'offline' },
      { status: 503, error: 'Service Unavailable', kind: 'status' },
      { data: {}, status: 200 },
    ])
    await act(() => result.current.run({ id: 'a' }))
    expect(result.current.error).toBe('Alusta ei vastannut. Mitään ei muutettu; yritä uudelleen.')
    await act(() => result.current.run({ id: 'a' }))
    expect(result.current.error).toBe('Pyynnön käsittelyssä oli ongelma. Yritä myöhemmin uudelleen.')
    await act(() => result.current.run({ id: 'a' }))
    expect(result.current.error).toBeUndefined()
    await act(() => result.current.run({ id: 'a' }))
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).toBe(keys[0])
    expect(keys[3]).not.toBe(keys[2])
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('gives another action its own key, says a 403 in the user language, keeps the platform field issues', async () => {
    const issues = [{ path: 'expirationDate', message: 'must be in the future' }]
    const { result, keys } = door([
      { status: 0, error: 'Failed to fetch', kind: 'offline' },
      { status: 403, error: 'Access denied', kind: 'status' },
      { status: 400, error: 'expirationDate: x', kind: 'status', body: { error: { issues } } },
    ])
    await act(() => result.current.run({ id: 'a' }))
    await act(() => result.current.run({ id: 'b' }))
    expect(keys[1]).not.toBe(keys[0])
    expect(result.current.error).toBe('Sinulla ei ole oikeutta tähän.')
    expect(result.current.status).toBe(403)
    await act(() => result.current.run({ id: 'b' }))
    expect(result.current.issues).toEqual(issues)
  })

  it('keeps an answer that did not fit as such: said as the generic failure, never as unreachable', async () => {
    const mismatch = { call: 'POST /api/sandbox/v2/u1/app-tokens', path: 'token', expected: 'a list' }
    const { result } = door([
      { status: 502, error: 'There was a problem', kind: 'shape', body: { foo: 1 }, mismatch },
    ])
    await act(() => result.current.run({ id: 'a' }))
    expect(result.current.failure).toMatchObject({ kind: 'shape', mismatch })
    const said = describeError(createIntl({ locale: 'fi', messages: fi }), result.current.failure)
    expect(said.headline).toBe('Pyynnön käsittelyssä oli ongelma. Yritä myöhemmin uudelleen.')
    expect(said.diagnosis).toContain('POST /api/sandbox/v2/u1/app-tokens')
  })

  it('sends one request while one is on the wire', async () => {
    let release: (value: ApiResult<unknown>) => void = () => {}
    const send = vi.fn(() => new Promise<ApiResult<unknown>>((resolve) => (release = resolve)))
    const { result } = renderHookInConsole(() => useOnlineWrite(send), { locale: 'fi' })
    let first: Promise<unknown> = Promise.resolve()
    let second: unknown = 'not run'
    await act(async () => {
      first = result.current.run({ id: 'a' })
      second = await result.current.run({ id: 'a' })
    })
    expect(second).toBeUndefined()
    expect(result.current.busy).toBe(true)
    await act(async () => {
      release({ data: {}, status: 200 })
      await first
    })
    expect(send).toHaveBeenCalledOnce()
    expect(result.current.busy).toBe(false)
  })
})
