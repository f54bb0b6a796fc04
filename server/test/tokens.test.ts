import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
}

describe('access tokens', () => {
  for (const base of [
    `/api/sandbox/internal/users/${ADMIN_ID}/tokens`,
    `/api/sandbox/v2/${ADMIN_ID}/app-tokens`,
  ]) {
    it(`live through create, use, renew, revoke and removal under ${base.split('/').slice(3, 4)}`, async () => {
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
      expect((await p.call('DELETE', `${base}/${token.id}`)).status).toBe(200)
      expect((await p.call('DELETE', `${base}/${token.id}`)).status).toBe(404)
    })
  }

  it("refuses bad bodies, no token, and another user's tokens without permission", async () => {
    const base = `/api/sandbox/internal/users/${ADMIN_ID}/tokens`
    expect((await p.call('POST', base, { body: { name: '' } })).status).toBe(400)
    expect(
      (await p.call('POST', base, { body: { name: 'old', expirationDate: '2001-01-01T00:00:00Z' } })).status,
    ).toBe(400)
    expect((await p.call('GET', base, { token: null })).status).toBe(401)
    await p.enforcePermissions('sandbox')
    try {
      expect((await p.call('GET', base, { token: OPERATOR })).status).toBe(403)
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
    const refreshed = await p.call<Token>('POST', '/api/sandbox/v2/token/refresh', {
      body: { tokenId: generated.body.result?.id },
    })
    expect(refreshed.status).toBe(200)
    expect((await p.call('POST', '/api/sandbox/v2/token/refresh', { body: {} })).status).toBe(400)
    expect((await p.call('POST', '/api/sandbox/v2/token/generate', { token: null, body: {} })).status).toBe(
      401,
    )
  })
})
