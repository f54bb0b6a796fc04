import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientAddress, trustedProxies } from '../client-address'
import { createHttpServer } from '../http-server'
import { createThrottle } from '../throttle'
import { ADMIN, startPlatform, type TestPlatform } from './harness'

/** A platform on a port of its own, so requests come from a socket (127.0.0.1). */
async function listening(options: Parameters<typeof startPlatform>[0]) {
  const p = await startPlatform(options)
  const server = createHttpServer(p.handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const close = async () => {
    server.close()
    await p.close()
  }
  return { p, base, close }
}
type Listening = Awaited<ReturnType<typeof listening>>

const me = (base: string, token: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/sandbox/me`, { headers: { Authorization: `Bearer ${token}`, ...headers } })

let plain: Listening
let proxied: Listening
beforeAll(async () => {
  plain = await listening({ signInLimits: { perAddress: 10, perAccount: 3 } })
  // Behind a trusted proxy each test's client is an address of its own (X-Forwarded-For).
  proxied = await listening({
    signInLimits: { perAddress: 5, perAccount: 3, maxDelayMs: 400 },
    trustedProxies: ['127.0.0.1'],
  })
})
afterAll(async () => {
  await plain.close()
  await proxied.close()
})

describe('guessing is slow, signing in is not', () => {
  it('answers an address’s wrong tokens past the limit with 429, and lets a valid token from there through', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 30; i += 1) statuses.push((await me(plain.base, `wrong-token-${i}`)).status)
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(11).every((s) => s === 429)).toBe(true)
    // The administrator behind the same address (a NAT, a proxy) signs in all the same.
    const admin = await me(plain.base, ADMIN)
    expect(admin.status).toBe(200)
    expect(((await admin.json()) as { result: { email: string } }).result.email).toMatch(/admin/)
    // The guesser still waits: a wrong token is 429 with Retry-After and the message.
    const wrong = await me(plain.base, 'wrong-again')
    expect(wrong.status).toBe(429)
    expect(Number(wrong.headers.get('Retry-After'))).toBeGreaterThan(0)
    const body = (await wrong.json()) as { message: string; retryAfter: number }
    expect(body.message).toMatch(/^Too many failed sign-ins/)
    expect(body.retryAfter).toBeGreaterThan(0)
  }, 60_000)

  it('ignores X-Forwarded-For without a trusted proxy: a guesser cannot pose as another address', async () => {
    // The address is past its limit (above): a wrong token claiming to come from elsewhere is still its.
    for (let i = 0; i < 3; i += 1)
      expect((await me(plain.base, `wrong-${i}`, { 'X-Forwarded-For': `203.0.113.${i}` })).status).toBe(429)
  })

  it('honours X-Forwarded-For behind a trusted proxy: one client’s failures do not stop another', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 12; i += 1)
      statuses.push((await me(proxied.base, `wrong-${i}`, { 'X-Forwarded-For': '198.51.100.7' })).status)
    expect(statuses.at(-1)).toBe(429)
    // Another client of the same proxy: its failures are its own.
    expect((await me(proxied.base, 'wrong', { 'X-Forwarded-For': '198.51.100.8' })).status).toBe(401)
    // The client cannot prepend a name for itself: the proxy's own entry (the rightmost) counts.
    expect((await me(proxied.base, 'wrong', { 'X-Forwarded-For': '192.0.2.1, 198.51.100.7' })).status).toBe(
      429,
    )
  })

  it('reads the client from the right of X-Forwarded-For, past trusted proxies only', () => {
    const trusted = trustedProxies('10.0.0.0/8, ::1')
    expect(clientAddress('10.1.2.3', '1.1.1.1, 203.0.113.9, 10.0.0.5', trusted)).toBe('203.0.113.9')
    expect(clientAddress('::ffff:10.1.2.3', '203.0.113.9', trusted)).toBe('203.0.113.9')
    expect(clientAddress('203.0.113.1', '10.0.0.1', trusted)).toBe('203.0.113.1')
    expect(clientAddress('::1', undefined, trusted)).toBe('::1')
    expect(clientAddress('10.0.0.2', '10.0.0.3', trusted)).toBe('10.0.0.3')
    expect(clientAddress('10.0.0.2', '203.0.113.9', trustedProxies(''))).toBe('10.0.0.2')
    expect(() => trustedProxies('proxy.example.com')).toThrow(/TRUSTED_PROXIES/)
  })

  it('slows an account under attack, progressively and capped, and forgets only its owner’s slips', async () => {
    const throttle = createThrottle({ perAddress: 1000, perAccount: 3, maxDelayMs: 5000 })
    for (let i = 0; i < 3; i += 1) await throttle.failed(`10.0.0.${i}`, 'admin@example.com')
    const delays = [await throttle.accountDelay('admin@example.com')]
    for (let i = 0; i < 4; i += 1) {
      await throttle.failed('10.0.0.9', 'admin@example.com')
      delays.push(await throttle.accountDelay('admin@example.com'))
    }
    expect(delays).toEqual([1000, 2000, 4000, 5000, 5000])
    expect(await throttle.accountDelay('operator@example.com')).toBe(0)
    // The owner's right password during the attack does not reset it for the attacker.
    await throttle.succeeded('admin@example.com')
    expect(await throttle.accountDelay('admin@example.com')).toBe(5000)
    // A slip of the owner's own is forgotten on the right password.
    await throttle.failed('10.0.0.1', 'viewer@example.com')
    await throttle.succeeded('viewer@example.com')
    for (let i = 0; i < 2; i += 1) await throttle.failed('10.0.0.1', 'viewer@example.com')
    expect(await throttle.accountDelay('viewer@example.com')).toBe(0)
    // A typed name longer than the store's keys counts by its hash.
    await throttle.failed('10.0.0.1', 'x'.repeat(10_000))
  })
})

/** The provider's login form, signed in through the console's client, as a browser would. */
async function loginForm(base: string, locale = 'en') {
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
    ui_locales: locale,
  })
  const interaction = (await go(`/oidc/auth?${auth}`)).headers.get('location') ?? ''
  const page = await (await go(interaction)).text()
  const action = /action="([^"]+)"/.exec(page)?.[1] ?? ''
  return (email: string, password: string, headers: Record<string, string> = {}) =>
    go(action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ email, password }).toString(),
    })
}

describe('passwords', () => {
  it('lets the owner in with the right password during an attack on the account, slowed down', async () => {
    const attacker = { 'X-Forwarded-For': '198.51.100.20' }
    const attempt = await loginForm(proxied.base)
    const statuses: number[] = []
    for (let i = 0; i < 5; i += 1)
      statuses.push((await attempt('operator@example.com', `wrong-${i}`, attacker)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    // Under attack: each try waits before the password is checked.
    const started = performance.now()
    expect((await attempt('operator@example.com', 'wrong-again', attacker)).status).toBe(401)
    expect(performance.now() - started).toBeGreaterThanOrEqual(350)
    // The owner, from a browser of their own, with the right password: in (a redirect), not 429.
    const owner = await loginForm(proxied.base)
    const right = await owner('operator@example.com', 'Demo-operator-1', {
      'X-Forwarded-For': '198.51.100.21',
    })
    expect(right.status).toBe(303)
  }, 120_000)

  it('shows the provider’s login page with 429 and a translated message past the address’s failures', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.30' }
    const attempt = await loginForm(proxied.base, 'fi')
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 0; i < 7; i += 1) {
      // An address nobody has: no password hash to compute, the count is the same.
      last = await attempt('nobody@example.com', `wrong-${i}`, from)
      statuses.push(last.status)
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.at(-1)).toBe(429)
    expect(Number(last?.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await last?.text()).toMatch(/Liian monta epäonnistunutta kirjautumista/)
    // The right password from the same address still gets in.
    expect((await attempt('viewer@example.com', 'Demo-viewer-1', from)).status).toBe(303)
  }, 120_000)
})

describe.skipIf(!process.env.DATABASE_URL)('several processes on one PostgreSQL', () => {
  let a: TestPlatform
  let b: TestPlatform
  beforeAll(async () => {
    const limits = { perAddress: 5, perAccount: 3, maxDelayMs: 300 }
    a = await startPlatform({ signInLimits: limits })
    b = await startPlatform({ signInLimits: limits, databaseUrl: a.databaseUrl, seed: false })
  })
  afterAll(async () => {
    await b.close()
    await a.close()
  })

  it('share their counts: failures on one are counted by the other', async () => {
    for (let i = 0; i < 6; i += 1) await a.call('GET', '/api/sandbox/me', { token: `wrong-${i}` })
    expect((await b.call('GET', '/api/sandbox/me', { token: 'wrong-on-b' })).status).toBe(429)
    expect((await b.call('GET', '/api/sandbox/me', { token: ADMIN })).status).toBe(200)
    for (let i = 0; i < 3; i += 1) await a.platform.throttle.failed('203.0.113.5', 'admin@example.com')
    expect(await b.platform.throttle.accountDelay('admin@example.com')).toBe(300)
  })
})
