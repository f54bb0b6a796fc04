import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpServer } from '../http-server'
import { createThrottle } from '../throttle'
import { startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
let base: string
let close: () => void
beforeAll(async () => {
  p = await startPlatform({ signInLimits: { perAddress: 10, perAccount: 5 } })
  const server = createHttpServer(p.handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})
afterAll(async () => {
  close()
  await p.close()
})

const me = (token: string) =>
  fetch(`${base}/api/sandbox/me`, { headers: { Authorization: `Bearer ${token}` } })

describe('guessing is slow', () => {
  it('answers wrong developer tokens from one address with 429 and Retry-After past the limit, the right one too', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 30; i += 1) statuses.push((await me(`wrong-token-${i}`)).status)
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(11).every((s) => s === 429)).toBe(true)
    const right = await me('demo-admin-token')
    expect(right.status).toBe(429)
    expect(Number(right.headers.get('Retry-After'))).toBeGreaterThan(0)
    const body = (await right.json()) as { message: string; retryAfter: number }
    expect(body.message).toMatch(/^Too many failed sign-ins/)
    expect(body.retryAfter).toBeGreaterThan(0)
  })

  it('throttles wrong passwords per account, whatever the address', async () => {
    const throttle = createThrottle({ perAddress: 100, perAccount: 3 })
    for (let i = 0; i < 4; i += 1) await throttle.failed(`10.0.0.${i}`, 'admin@example.com')
    expect(await throttle.wait('10.0.0.99', 'admin@example.com')).toBeGreaterThan(0)
    expect(await throttle.wait('10.0.0.99', 'operator@example.com')).toBe(0)
    // A right password clears the account's count.
    const fresh = createThrottle({ perAddress: 100, perAccount: 3 })
    await fresh.failed('10.0.0.1', 'viewer@example.com')
    await fresh.succeeded('viewer@example.com')
    for (let i = 0; i < 3; i += 1) await fresh.failed('10.0.0.1', 'viewer@example.com')
    expect(await fresh.wait('10.0.0.2', 'viewer@example.com')).toBe(0)
  })

  it('shows the provider’s login page with 429 and a translated message after too many wrong passwords', async () => {
    const jar: string[] = []
    const go = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(
        path.startsWith('http') ? path.replace('http://localhost:4999', base) : `${base}${path}`,
        {
          ...init,
          redirect: 'manual',
          headers: { ...(init.headers as Record<string, string>), Cookie: jar.join('; ') },
        },
      )
      for (const c of response.headers.getSetCookie()) jar.push(c.split(';')[0] ?? '')
      return response
    }
    const auth = new URLSearchParams({
      client_id: 'orchestrator-console',
      redirect_uri: 'http://localhost:4999/redirect',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      ui_locales: 'fi',
    })
    const interaction = (await go(`/oidc/auth?${auth}`)).headers.get('location') ?? ''
    const page = await (await go(interaction)).text()
    const action = /action="([^"]+)"/.exec(page)?.[1] ?? ''
    const attempt = () =>
      go(action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'operator@example.com', password: 'wrong' }).toString(),
      })
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 0; i < 7; i += 1) {
      last = await attempt()
      statuses.push(last.status)
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.at(-1)).toBe(429)
    expect(Number(last?.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await last?.text()).toMatch(/Liian monta epäonnistunutta kirjautumista/)
  })
})
