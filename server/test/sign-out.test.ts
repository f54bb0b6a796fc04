import { createHash, randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpServer } from '../http-server'
import { startPlatform, type TestPlatform } from './harness'

const PUBLIC = 'http://localhost:4999'
let p: TestPlatform
let base: string
let close: () => void
beforeAll(async () => {
  p = await startPlatform({ publicUrl: PUBLIC })
  const server = createHttpServer(p.handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})
afterAll(async () => {
  close()
  await p.close()
})

/** A browser of one user: its cookies, and requests that do not follow redirects. */
function browser() {
  const jar = new Map<string, string>()
  return async (path: string, init: RequestInit = {}) => {
    const url = path.startsWith('http') ? path.replace(PUBLIC, base) : `${base}${path}`
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...value] = (pair ?? '').split('=')
      if (name) jar.set(name.trim(), value.join('='))
    }
    return response
  }
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

interface Tokens {
  access_token: string
  id_token: string
  refresh_token: string
}

/** The console's sign-in: code flow with PKCE, the login form, the first-party consent. */
async function signIn(go: ReturnType<typeof browser>): Promise<Tokens> {
  const verifier = randomBytes(32).toString('base64url')
  const auth = new URLSearchParams({
    client_id: 'orchestrator-console',
    redirect_uri: `${PUBLIC}/redirect`,
    response_type: 'code',
    scope: 'offline_access openid profile',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'state-1',
    nonce: 'nonce-1',
    prompt: 'consent',
  })
  let response = await go(`/oidc/auth?${auth}`)
  for (let step = 0; step < 10; step += 1) {
    const location = response.headers.get('location') ?? ''
    if (location.startsWith(`${PUBLIC}/redirect`)) {
      const code = new URL(location).searchParams.get('code') ?? ''
      const token = await go(
        '/oidc/token',
        form({
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          client_id: 'orchestrator-console',
          redirect_uri: `${PUBLIC}/redirect`,
        }),
      )
      expect(token.status).toBe(200)
      return (await token.json()) as Tokens
    }
    if (response.status === 200 && location === '') {
      // The login page: post the form it shows.
      const html = await response.text()
      const action = /action="([^"]+)"/.exec(html)?.[1] ?? ''
      response = await go(action, form({ email: 'operator@example.com', password: 'Demo-operator-1' }))
      continue
    }
    expect(location, `step ${step}: ${response.status}`).not.toBe('')
    response = await go(location)
  }
  throw new Error('sign-in did not finish')
}

const me = (token: string) =>
  fetch(`${base}/api/sandbox/me`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status)

const refresh = (go: ReturnType<typeof browser>, token: string) =>
  go(
    '/oidc/token',
    form({ grant_type: 'refresh_token', refresh_token: token, client_id: 'orchestrator-console' }),
  )

describe('signing out signs out', () => {
  it('ends every token of the session at sign-out: access, id and refresh tokens get 401 at once', async () => {
    const go = browser()
    const tokens = await signIn(go)
    expect(await me(tokens.access_token)).toBe(200)
    expect(await me(tokens.id_token)).toBe(200)

    const end = await go(
      `/oidc/session/end?${new URLSearchParams({ client_id: 'orchestrator-console', post_logout_redirect_uri: `${PUBLIC}/login` })}`,
    )
    const page = await end.text()
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? ''
    const confirm = await go('/oidc/session/end/confirm', form({ xsrf, logout: 'yes' }))
    expect(confirm.status).toBe(303)

    expect(await me(tokens.access_token)).toBe(401)
    expect(await me(tokens.id_token)).toBe(401)
    const refused = await refresh(go, tokens.refresh_token)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant')
  })

  it('closes the live stream of the session with bye at sign-out, at once', async () => {
    const go = browser()
    const tokens = await signIn(go)
    const abort = new AbortController()
    const live = await fetch(`${base}/api/sandbox/live`, {
      headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: 'text/event-stream' },
      signal: abort.signal,
    })
    expect(live.status).toBe(200)
    const reader = live.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>
    const decoder = new TextDecoder()
    let text = ''
    let ended = false
    /** Reads until `what` is in the stream, it ends, or `ms` pass. */
    const readUntil = async (what: string, ms: number) => {
      const deadline = Date.now() + ms
      while (!text.includes(what) && !ended && Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<undefined>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
        ])
        if (!chunk) break
        if (chunk.done) ended = true
        else text += decoder.decode(chunk.value, { stream: true })
      }
    }
    await readUntil('event: heartbeat', 5000)
    expect(text).toContain('event: heartbeat')
    const signedOutAt = Date.now()
    const end = await go(
      `/oidc/session/end?${new URLSearchParams({ client_id: 'orchestrator-console', post_logout_redirect_uri: `${PUBLIC}/login` })}`,
    )
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await end.text())?.[1] ?? ''
    expect((await go('/oidc/session/end/confirm', form({ xsrf, logout: 'yes' }))).status).toBe(303)
    await readUntil('event: bye', 3000)
    expect(text).toContain('event: bye\ndata: {"reason":"signed-out"}')
    // Well before the next heartbeat (5 s): the sign-out itself closed it.
    expect(Date.now() - signedOutAt).toBeLessThan(2500)
    await readUntil('never', 2000)
    expect(ended).toBe(true)
    abort.abort()
  })

  it('revokes the whole grant at the revocation endpoint', async () => {
    const go = browser()
    const tokens = await signIn(go)
    expect(await me(tokens.id_token)).toBe(200)
    const revoked = await go(
      '/oidc/token/revocation',
      form({
        token: tokens.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: 'orchestrator-console',
      }),
    )
    expect(revoked.status).toBe(200)
    expect(await me(tokens.access_token)).toBe(401)
    expect(await me(tokens.id_token)).toBe(401)
    expect((await refresh(go, tokens.refresh_token)).status).toBe(400)
  })

  it('keeps a session that was not signed out: refresh works and the new tokens answer', async () => {
    const go = browser()
    const tokens = await signIn(go)
    const renewed = await refresh(go, tokens.refresh_token)
    expect(renewed.status).toBe(200)
    const next = (await renewed.json()) as Tokens
    expect(await me(next.id_token)).toBe(200)
    expect(await me(next.access_token)).toBe(200)
  })
})
