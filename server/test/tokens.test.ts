import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { TOKEN_PATTERN } from '../../src/contract/token'
import { OPERATOR, startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform()
})
afterAll(() => p.close())

const ADMIN_ID = 'u0000000-0000-4000-8000-000000000001'
const OPERATOR_ID = 'u0000000-0000-4000-8000-000000000002'
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString()
interface Token {
  id: string
  fullValue?: string
  shortValue: string
  status: string
  expirationDate: string
  primary: boolean
  secondary: boolean
  kind: string
  name: string
}

describe('access tokens', () => {
  for (const base of [
    `/api/sandbox/internal/users/${ADMIN_ID}/tokens`,
    `/api/sandbox/v2/${ADMIN_ID}/app-tokens`,
    `/api/sandbox/v1/${ADMIN_ID}/app-tokens`,
  ]) {
    it(`live through create, use, renew, revoke and removal under ${base.split('/').slice(3, 5).join('/')}`, async () => {
      const created = await p.call<Token>('POST', base, { body: { name: 'CI', expirationDate: tomorrow() } })
      expect(created.status).toBe(201)
      const token = created.body.result as Token
      expect(token.fullValue).toMatch(/^otk_\w{32}$/)
      expect(token.shortValue).toBe(`${token.fullValue?.slice(0, 4)}…${token.fullValue?.slice(-4)}`)
      expect((await p.call('GET', '/api/PRODUCTION/me', { token: token.fullValue })).status).toBe(200)
      const list = await p.call<{ itemList: Token[] }>('GET', base)
      const listed = list.body.result?.itemList.find((t) => t.id === token.id)
      expect(listed?.fullValue).toBeUndefined()
      const renewed = await p.call<Token>('POST', `${base}/${token.id}/renew`, { body: {} })
      const hours = (Date.parse(renewed.body.result?.expirationDate as string) - Date.now()) / 3_600_000
      expect(hours).toBeGreaterThan(23.9)
      expect(hours).toBeLessThan(24.1)
      expect(
        (await p.call<Token>('PATCH', `${base}/${token.id}`, { body: { name: 'Renamed' } })).body.result,
      ).toMatchObject({ name: 'Renamed' })
      expect((await p.call<Token>('POST', `${base}/${token.id}/revoke`)).body.result?.status).toBe('revoked')
      expect((await p.call('GET', '/api/PRODUCTION/me', { token: token.fullValue })).status).toBe(401)
      expect((await p.call('POST', `${base}/${token.id}/renew`, { body: {} })).status).toBe(409)
      expect((await p.call('DELETE', `${base}/${token.id}`)).status).toBe(200)
      expect((await p.call('DELETE', `${base}/${token.id}`)).status).toBe(404)
    })
  }

  it('lists the developer token, marks the first token primary and the next secondary, creates once per key', async () => {
    const base = `/api/sandbox/internal/users/${OPERATOR_ID}/tokens`
    const listed = await p.call<{ itemList: Token[] }>('GET', base, { token: OPERATOR })
    expect(listed.body.result?.itemList).toEqual([
      expect.objectContaining({
        kind: 'developer',
        shortValue: 'demo…oken',
        status: 'active',
        primary: false,
      }),
    ])
    expect(listed.body.pagination?.totalCount).toBe(1)
    const headers = { 'Idempotency-Key': 'operator-token-1' }
    const body = { name: 'First', expirationDate: tomorrow() }
    const first = await p.call<Token>('POST', base, { token: OPERATOR, body, headers })
    const again = await p.call<Token>('POST', base, { token: OPERATOR, body, headers })
    expect(again.body.result?.id).toBe(first.body.result?.id)
    expect(first.body.result).toMatchObject({ primary: true, secondary: false, kind: 'personal' })
    const second = await p.call<Token>('POST', base, {
      token: OPERATOR,
      body: { name: 'Second', expirationDate: tomorrow() },
    })
    expect(second.body.result).toMatchObject({ primary: false, secondary: true })
    const after = await p.call<{ itemList: Token[] }>('GET', base, { token: OPERATOR })
    expect(after.body.result?.itemList.map((t) => t.name)).toEqual([
      'Second',
      'First',
      'Demo developer token',
    ])
    expect(JSON.stringify(after.body)).not.toMatch(/otk_[0-9A-Za-z]{32}/)
  })

  it('renew extends: a chosen date is kept, past the maximum lifetime refused with a field message, no date never shortens', async () => {
    const base = `/api/sandbox/v2/${ADMIN_ID}/app-tokens`
    const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString()
    const created = await p.call<Token>('POST', base, { body: { name: 'Long', expirationDate: days(200) } })
    const id = created.body.result?.id
    // No date: 24 hours from now would shorten it, so the expiration stays.
    const kept = await p.call<Token>('POST', `${base}/${id}/renew`, { body: {} })
    expect(kept.status).toBe(200)
    expect(kept.body.result?.expirationDate).toBe(created.body.result?.expirationDate)
    const late = await p.call('POST', `${base}/${id}/renew`, { body: { expirationDate: days(400) } })
    expect(late.status).toBe(400)
    expect(late.body.error?.issues).toEqual([
      { path: 'expirationDate', message: 'must be at most 365 days after the token was created' },
    ])
    const later = days(300)
    const extended = await p.call<Token>('POST', `${base}/${id}/renew`, { body: { expirationDate: later } })
    expect(extended.status).toBe(200)
    expect(extended.body.result?.expirationDate).toBe(later)
  })

  it('renew, revoke and remove run once per Idempotency-Key: a retry gets the first answer', async () => {
    const base = `/api/sandbox/v2/${ADMIN_ID}/app-tokens`
    const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString()
    const headers = (key: string) => ({ 'Idempotency-Key': key })
    const input = { name: 'Keyed', expirationDate: days(10) }
    const created = await p.call<Token>('POST', base, { body: input, headers: headers('tok-create-1') })
    const again = await p.call<Token>('POST', base, { body: input, headers: headers('tok-create-1') })
    expect(again.body.result?.id).toBe(created.body.result?.id)
    const id = created.body.result?.id
    const body = { expirationDate: days(20) }
    const first = await p.call<Token>('POST', `${base}/${id}/renew`, {
      body,
      headers: headers('tok-renew-1'),
    })
    const second = await p.call<Token>('POST', `${base}/${id}/renew`, {
      body,
      headers: headers('tok-renew-1'),
    })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    const revoked = await p.call<Token>('POST', `${base}/${id}/revoke`, { headers: headers('tok-revoke-1') })
    expect(revoked.body.result?.status).toBe('revoked')
    const removed = await p.call('DELETE', `${base}/${id}`, { headers: headers('tok-remove-1') })
    expect(removed.status).toBe(200)
    const retried = await p.call('DELETE', `${base}/${id}`, { headers: headers('tok-remove-1') })
    expect(retried.status).toBe(200)
    expect(retried.headers.get('Idempotent-Replayed')).toBe('true')
    expect((await p.call('DELETE', `${base}/${id}`, { headers: headers('tok-remove-2') })).status).toBe(404)
  })

  it('refuses an expiration past the maximum lifetime (a year) with a field message, and ends an older developer token', async () => {
    const base = `/api/sandbox/internal/users/${ADMIN_ID}/tokens`
    const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString()
    const late = await p.call('POST', base, { body: { name: 'Forever', expirationDate: days(366) } })
    expect(late.status).toBe(400)
    expect(late.body.error?.issues).toEqual([
      { path: 'expirationDate', message: 'must be at most 365 days after the token was created' },
    ])
    const created = await p.call<Token>('POST', base, { body: { name: 'Year', expirationDate: days(364) } })
    expect(created.status).toBe(201)
    const id = created.body.result?.id
    expect((await p.call('PATCH', `${base}/${id}`, { body: { expirationDate: days(400) } })).status).toBe(400)
    expect(
      (await p.call('POST', `${base}/${id}/renew`, { body: { expirationDate: days(400) } })).status,
    ).toBe(400)
    expect(
      (await p.call('POST', `${base}/${id}/renew`, { body: { expirationDate: days(300) } })).status,
    ).toBe(200)
    // The seeded developer tokens have no expiration: they end a year after they were made.
    await p.platform.db.query(
      `UPDATE tokens SET data = jsonb_set(data, '{createdAt}', to_jsonb($1::text)) WHERE user_id = $2 AND data->>'kind' = 'developer'`,
      [new Date(Date.now() - 366 * 86_400_000).toISOString(), OPERATOR_ID],
    )
    expect((await p.call('GET', '/api/sandbox/me', { token: OPERATOR })).status).toBe(401)
    await p.platform.db.query(
      `UPDATE tokens SET data = jsonb_set(data, '{createdAt}', to_jsonb($1::text)) WHERE user_id = $2 AND data->>'kind' = 'developer'`,
      [new Date().toISOString(), OPERATOR_ID],
    )
    expect((await p.call('GET', '/api/sandbox/me', { token: OPERATOR })).status).toBe(200)
  })

  it("refuses bad bodies, past dates, unknown versions, no token, and another user's tokens without a grant", async () => {
    const base = `/api/sandbox/internal/users/${ADMIN_ID}/tokens`
    expect((await p.call('POST', base, { body: { name: '' } })).status).toBe(400)
    expect(
      (await p.call('POST', base, { body: { name: 'old', expirationDate: '2001-01-01T00:00:00Z' } })).status,
    ).toBe(400)
    const created = await p.call<Token>('POST', base, { body: { name: 'Dated', expirationDate: tomorrow() } })
    const id = created.body.result?.id
    const past = { expirationDate: '2001-01-01T00:00:00Z' }
    expect((await p.call('POST', `${base}/${id}/renew`, { body: past })).status).toBe(400)
    expect((await p.call('PATCH', `${base}/${id}`, { body: past })).status).toBe(400)
    expect((await p.call('PATCH', `${base}/${id}`, { body: { name: '' } })).status).toBe(400)
    expect((await p.call('POST', `${base}/nope/revoke`)).status).toBe(404)
    expect((await p.call('GET', `/api/sandbox/v3/${ADMIN_ID}/app-tokens`)).status).toBe(404)
    expect((await p.call('GET', base, { token: null })).status).toBe(401)
    expect((await p.call('POST', `${base}/${id}/revoke`, { token: null })).status).toBe(401)
    // Orchestrator auth is off in the sandbox, yet another user's tokens need an explicit grant.
    expect((await p.call('GET', base, { token: OPERATOR })).status).toBe(403)
    expect((await p.call('POST', `${base}/${id}/revoke`, { token: OPERATOR })).status).toBe(403)
    expect(
      (await p.call('POST', base, { token: OPERATOR, body: { name: 'x', expirationDate: tomorrow() } }))
        .status,
    ).toBe(403)
    expect((await p.call('GET', `/api/sandbox/internal/users/${OPERATOR_ID}/tokens`)).status).toBe(200)
    expect((await p.call('GET', '/api/sandbox/internal/users/nobody/tokens')).status).toBe(404)
    await p.enforcePermissions('sandbox')
    try {
      expect(
        (await p.call('GET', `/api/sandbox/internal/users/${OPERATOR_ID}/tokens`, { token: OPERATOR }))
          .status,
      ).toBe(200)
    } finally {
      await p.enforcePermissions('sandbox', false)
    }
  })

  it('generates and refreshes for the caller', async () => {
    const generated = await p.call<Token>('POST', '/api/sandbox/v2/token/generate', {
      body: { name: 'gen', expirationDate: tomorrow() },
    })
    expect(generated.status).toBe(201)
    const value = generated.body.result?.fullValue as string
    expect(value).toMatch(TOKEN_PATTERN)
    expect((await p.call('GET', '/api/sandbox/me', { token: value })).status).toBe(200)
    const refreshed = await p.call<Token>('POST', '/api/sandbox/v1/token/refresh', {
      body: { tokenId: generated.body.result?.id },
    })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.result?.fullValue).toBeUndefined()
    expect((await p.call('POST', '/api/sandbox/v2/token/refresh', { body: {} })).status).toBe(400)
    expect(
      (await p.call('POST', '/api/sandbox/v2/token/refresh', { body: { tokenId: 'nope' } })).status,
    ).toBe(404)
    expect(
      (
        await p.call('POST', '/api/sandbox/v2/token/generate', {
          body: { name: 'late', expirationDate: '2001-01-01T00:00:00Z' },
        })
      ).status,
    ).toBe(400)
    expect((await p.call('POST', '/api/sandbox/v2/token/generate', { token: null, body: {} })).status).toBe(
      401,
    )
    expect((await p.call('POST', '/api/sandbox/v2/token/refresh', { token: null, body: {} })).status).toBe(
      401,
    )
    expect(
      (
        await p.call('POST', '/api/sandbox/v2/token/generate', {
          token: OPERATOR,
          body: { name: 'own', expirationDate: tomorrow() },
        })
      ).status,
    ).toBe(201)
  })

  it('never writes a token to its logs, events, request log or error answers', async () => {
    const printed: string[] = []
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        printed.push(args.map(String).join(' '))
      }),
    )
    const answers: string[] = []
    const keep = <T>(answer: Awaited<ReturnType<typeof p.call<T>>>) => {
      answers.push(JSON.stringify(answer.body))
      return answer
    }
    try {
      const base = `/api/sandbox/internal/users/${ADMIN_ID}/tokens`
      const created = await p.call<Token>('POST', base, {
        body: { name: 'logs', expirationDate: tomorrow() },
      })
      const value = created.body.result?.fullValue as string
      const id = created.body.result?.id as string
      const unknown = `otk_${'z'.repeat(32)}`
      keep(await p.call('GET', '/api/PRODUCTION/me', { token: value }))
      keep(await p.call('POST', `${base}/${id}/renew`, { token: value, body: {} }))
      keep(await p.call('POST', `${base}/${id}/revoke`, { token: value }))
      // Refused: a revoked token, an unknown one, and refused calls made with a valid bearer.
      keep(await p.call('GET', '/api/PRODUCTION/me', { token: value }))
      keep(await p.call('GET', '/api/sandbox/tasks', { token: unknown }))
      keep(await p.call('POST', base, { token: unknown, body: { name: 'x', expirationDate: 'never' } }))
      keep(await p.call('POST', base, { token: OPERATOR, body: { name: 'x', expirationDate: 'never' } }))
      keep(await p.call('PUT', '/api/sandbox/internal/products/v2/data-formats/nope', { raw: '{"broken' }))
      const secrets = [value, unknown, OPERATOR, 'demo-admin-token']
      const events = await p.platform.db.query<{ row: string }>(
        'SELECT row_to_json(e)::text AS row FROM events e',
      )
      await p.platform.requestLog.flush()
      const requests = await p.platform.db.query<{ path: string }>('SELECT path FROM request_log')
      for (const secret of secrets) {
        expect(printed.filter((line) => line.includes(secret))).toEqual([])
        expect(events.map((e) => e.row).filter((row) => row.includes(secret))).toEqual([])
        expect(answers.filter((answer) => answer.includes(secret))).toEqual([])
      }
      expect(requests.length).toBeGreaterThan(0)
      expect(requests.filter((r) => secrets.some((secret) => r.path.includes(secret)))).toEqual([])
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
  })
})
