import { generateKeyPairSync, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { hostname, networkInterfaces } from 'node:os'
import { createLocalJWKSet, jwtVerify } from 'jose'
import Provider, { type KoaContextWithOIDC } from 'oidc-provider'
import { clientAddress, type TrustedProxies, trustedProxies } from './client-address'
import type { Db } from './db'
import { dbAdapter } from './oidc-adapter'
import { errorPage, loginPage, logoutPage, pageLocale } from './oidc-pages'
import { verifyPassword } from './passwords'
import type { Throttle } from './throttle'

export const CLIENT_ID = 'orchestrator-console'
/** Session and refresh tokens last 86400 s. */
const DAY = 86_400

async function secret<T>(db: Db, name: string, make: () => T): Promise<T> {
  const [row] = await db.query<{ value: T }>('SELECT value FROM secrets WHERE name = $1', [name])
  if (row) return row.value
  const value = make()
  await db.query('INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    value,
  ])
  return (
    (await db.query<{ value: T }>('SELECT value FROM secrets WHERE name = $1', [name]))[0]?.value ?? value
  )
}

interface Account {
  id: string
  email: string
  first_name: string | null
  last_name: string | null
  password_hash: string
}

/**
 * The addresses the console may be reached at, each with its own issuer: PUBLIC_URL, the loopback
 * names and this machine's name and network addresses at the same port (a phone on the same network),
 * and any listed in CONSOLE_ORIGINS (comma-separated).
 */
export function consoleOrigins(publicUrl: string, extra = process.env.CONSOLE_ORIGINS ?? ''): string[] {
  const home = new URL(publicUrl)
  const port = home.port ? `:${home.port}` : ''
  const hosts = ['localhost', '127.0.0.1', '[::1]', hostname()]
  for (const list of Object.values(networkInterfaces()))
    for (const address of list ?? [])
      hosts.push(address.family === 'IPv6' ? `[${address.address.split('%')[0]}]` : address.address)
  const listed = extra
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter((o) => /^https?:\/\/[^/]+$/.test(o))
  return [
    ...new Set([publicUrl, ...hosts.map((h) => `${home.protocol}//${h.toLowerCase()}${port}`), ...listed]),
  ]
}

export async function createOidc(
  db: Db,
  publicUrl: string,
  throttle: Throttle,
  trusted: TrustedProxies = trustedProxies([]),
) {
  const jwk = await secret(db, 'oidc-jwk', () => ({
    ...(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) as object),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  }))
  // An object, not a bare array: node-postgres would send an array as a Postgres array, not JSON.
  const stored = await secret<{ keys: string[] } | string[]>(db, 'oidc-cookie-keys', () => ({
    keys: [randomBytes(32).toString('hex')],
  }))
  const cookieKeys = Array.isArray(stored) ? stored : stored.keys
  const origins = consoleOrigins(publicUrl)
  const account = async (id: string) =>
    (
      await db.query<Account>(
        'SELECT id, email, first_name, last_name, password_hash FROM users WHERE id = $1',
        [id],
      )
    )[0]

  /** One provider per address: its issuer is the address the console was opened at. */
  const makeProvider = (origin: string) =>
    new Provider(`${origin}/oidc`, {
      adapter: dbAdapter(db),
      clients: [
        {
          client_id: CLIENT_ID,
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          redirect_uris: [`${origin}/redirect`],
          post_logout_redirect_uris: [`${origin}/login`],
          // auth_time in every id token: the platform finds the token's session by it (resolveToken).
          require_auth_time: true,
        },
      ],
      scopes: ['openid', 'profile', 'email', 'offline_access'],
      claims: { openid: ['sub'], profile: ['name', 'given_name', 'family_name'], email: ['email'] },
      findAccount: async (_ctx, id) => {
        const row = await account(id)
        if (!row) return undefined
        return {
          accountId: row.id,
          claims: async () => ({
            sub: row.id,
            email: row.email,
            given_name: row.first_name ?? undefined,
            family_name: row.last_name ?? undefined,
            name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email,
          }),
        }
      },
      jwks: { keys: [jwk as never] },
      cookies: { keys: cookieKeys },
      ttl: {
        AccessToken: DAY,
        IdToken: DAY,
        RefreshToken: DAY,
        Session: DAY,
        Grant: DAY,
        Interaction: 3600,
        AuthorizationCode: 600,
      },
      rotateRefreshToken: true,
      // Every token ends with the sign-in session, offline_access or not: sign-out revokes the grant.
      expiresWithSession: async () => true,
      // The console is first party: its consent is given once sign-in succeeds (see the interaction below).
      features: {
        devInteractions: { enabled: false },
        revocation: { enabled: true },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
            ctx.body = logoutPage(pageLocale(ctx.oidc.params?.ui_locales), form)
          },
        },
      },
      interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
      renderError: async (ctx, out) => {
        ctx.type = 'html'
        ctx.body = errorPage(
          pageLocale(ctx.oidc?.params?.ui_locales),
          String(out.error_description ?? out.error ?? 'Error'),
        )
      },
    })
  const providers = new Map<string, Provider>()
  const callbacks = new Map<Provider, ReturnType<Provider['callback']>>()
  const providerAt = (origin: string) => {
    let found = providers.get(origin)
    if (!found) {
      found = makeProvider(origin)
      providers.set(origin, found)
      callbacks.set(found, found.callback())
    }
    return found
  }
  const provider = providerAt(publicUrl)
  /** The provider for the address the request came to; PUBLIC_URL's for any other. */
  const providerFor = (req: IncomingMessage) => {
    const home = new URL(publicUrl)
    const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      ?.trim()
    const protocol = forwarded === 'http' || forwarded === 'https' ? `${forwarded}:` : home.protocol
    const origin = `${protocol}//${String(req.headers.host ?? '').toLowerCase()}`
    return providerAt(origins.includes(origin) ? origin : publicUrl)
  }

  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk as Record<string, string>
  const jwks = createLocalJWKSet({ keys: [publicJwk] })

  /** Whether a grant is still there (sign-out and revocation remove it with its tokens). */
  const grantLives = async (grantId: string | undefined) =>
    grantId !== undefined && (await provider.Grant.find(grantId).catch(() => undefined)) !== undefined

  /**
   * An access token (opaque, looked up: the provider checks its session) or an id token (JWT, verified,
   * and its sign-in session found by subject and auth_time): its subject, while the session and its
   * grant last. Sign-out or revocation ends every token of the session at once.
   */
  async function resolveToken(token: string): Promise<string | undefined> {
    if (token.split('.').length === 3) {
      let payload: { sub?: string; auth_time?: unknown }
      try {
        ;({ payload } = await jwtVerify(token, jwks, {
          issuer: origins.map((o) => `${o}/oidc`),
          audience: CLIENT_ID,
        }))
      } catch {
        return undefined
      }
      if (!payload.sub || typeof payload.auth_time !== 'number') return undefined
      const sessions = await db.query<{ payload: { authorizations?: Record<string, { grantId?: string }> } }>(
        `SELECT payload FROM oidc_store WHERE model = 'Session' AND payload->>'accountId' = $1
         AND payload->>'loginTs' = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [payload.sub, String(payload.auth_time)],
      )
      for (const session of sessions)
        if (await grantLives(session.payload.authorizations?.[CLIENT_ID]?.grantId)) return payload.sub
      return undefined
    }
    const found = await provider.AccessToken.find(token).catch(() => undefined)
    return found && (await grantLives(found.grantId)) ? found.accountId : undefined
  }

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size > 16_384) throw new Error('Form too large')
      chunks.push(chunk as Buffer)
    }
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
  }

  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
    res.end(body)
  }

  /** Login form and the automatic consent of the first-party console. */
  async function interaction(req: IncomingMessage, res: ServerResponse, path: string) {
    const provider = providerFor(req)
    const details = await provider.interactionDetails(req, res)
    const locale = pageLocale(details.params.ui_locales)
    if (req.method === 'POST' && path.endsWith('/login')) {
      const form = await readForm(req)
      const email = (form.get('email') ?? '').trim().toLowerCase()
      // Guessing is slow: an account under attack makes every try wait before its password is checked
      // (its owner too, a few seconds, never refused); an address past its failures gets 429 for its
      // further failures, and still gets in with the right password.
      const from = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'] as string, trusted)
      const delay = await throttle.accountDelay(email)
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay))
      const [row] = await db.query<Account>(
        'SELECT id, email, first_name, last_name, password_hash FROM users WHERE email = $1',
        [email],
      )
      if (!row || !(await verifyPassword(form.get('password') ?? '', row.password_hash))) {
        const wait = await throttle.addressWait(from)
        await throttle.failed(from, email)
        if (wait) {
          res.setHeader('Retry-After', String(wait))
          return html(res, 429, loginPage(locale, details.uid, email, { wait }))
        }
        return html(res, 401, loginPage(locale, details.uid, email, { failed: true }))
      }
      await throttle.succeeded(email)
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: row.id } },
        { mergeWithLastSubmission: false },
      )
    }
    if (details.prompt.name === 'login') return html(res, 200, loginPage(locale, details.uid))
    if (
      details.prompt.name === 'consent' &&
      details.params.client_id === CLIENT_ID &&
      details.session?.accountId
    ) {
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session.accountId, clientId: CLIENT_ID })
      if (!grant) return html(res, 400, errorPage(locale, 'Grant not found'))
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] }
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
      const grantId = await grant.save()
      return provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      )
    }
    return html(res, 400, errorPage(locale, 'Unsupported interaction'))
  }

  /**
   * The sign-out confirmation: "No, stay signed in" (no `logout=yes`) sends the browser back with
   * `stay=1`, so the console signs in again through the provider session that is left.
   */
  async function confirmLogout(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req)
    ;(req as IncomingMessage & { body?: unknown }).body = Object.fromEntries(form)
    if (form.get('logout')) return
    const setHeader = res.setHeader.bind(res)
    res.setHeader = (name: string, value: number | string | readonly string[]) => {
      if (name.toLowerCase() === 'location' && typeof value === 'string' && /\/login(\?|$)/.test(value))
        return setHeader(name, `${value}${value.includes('?') ? '&' : '?'}stay=1`)
      return setHeader(name, value)
    }
  }

  /** Node handler for everything under /oidc. */
  async function handle(req: IncomingMessage, res: ServerResponse) {
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'no-referrer')
    const url = req.url ?? '/'
    const path = url.split('?')[0] ?? ''
    if (path.startsWith('/oidc/interaction/')) {
      try {
        await interaction(req, res, path)
      } catch (error) {
        html(res, 400, errorPage('en', error instanceof Error ? error.message : 'Sign-in failed'))
      }
      return
    }
    if (req.method === 'POST' && path === '/oidc/session/end/confirm') await confirmLogout(req, res)
    ;(req as IncomingMessage & { originalUrl?: string }).originalUrl = url
    req.url = url.slice('/oidc'.length) || '/'
    const callback = callbacks.get(providerFor(req))
    callback?.(req, res)
  }

  return { provider, handle, resolveToken }
}
