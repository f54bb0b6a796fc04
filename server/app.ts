import { getConnInfo } from '@hono/node-server/conninfo'
import { type Context, Hono } from 'hono'
import { compress } from 'hono/compress'
import { failure } from '../src/contract/envelope'
import { bearerCaller } from './auth'
import { clientAddress } from './client-address'
import type { AuthUser, Env, Platform, Vars } from './context'
import { memberOf } from './guard'
import { API_CSP } from './headers'
import { MINIMAL, minimalProfile } from './minimal-profile'
import { contracts } from './routes/contracts'
import { dataFormats } from './routes/data-formats'
import { declaredRoutes } from './routes/declared'
import { events } from './routes/events'
import { files } from './routes/files'
import { live } from './routes/live'
import { platformRoutes } from './routes/platform'
import { products } from './routes/products'
import { push } from './routes/push'
import { tasks } from './routes/tasks'
import { tokens } from './routes/tokens'
import { throttledMessage } from './throttle'
import { badRequestTarget } from './validate'

const ENVS: Record<string, Env> = { sandbox: 'sandbox', production: 'production' }

/**
 * The caller's address: the socket's, or behind a trusted proxy the one X-Forwarded-For names
 * (client-address.ts); 'local' in process.
 */
function addressOf(c: Context, platform: Platform) {
  let socket: string | undefined
  try {
    socket = getConnInfo(c).remote.address
  } catch {
    return 'local'
  }
  return clientAddress(socket, c.req.header('X-Forwarded-For'), platform.trustedProxies)
}

/**
 * The user of a bearer token. The token is checked first: a valid one passes, whatever others sent
 * from the same address. One that names no one counts as a failed sign-in of the address; past the
 * address's limit it is answered 429 (Retry-After) instead of going on as an anonymous call.
 */
async function signedIn(c: Context, platform: Platform): Promise<AuthUser | undefined | Response> {
  const authorization = c.req.header('Authorization')
  if (!authorization) return undefined
  const caller = await bearerCaller(platform, authorization)
  if (caller) {
    if (caller.organizations) c.set('memberships', caller.organizations)
    return caller.user
  }
  const from = addressOf(c, platform)
  const wait = await platform.throttle.addressWait(from)
  await platform.throttle.failed(from)
  if (wait) {
    c.header('Retry-After', String(wait))
    return c.json({ ...failure(throttledMessage(wait)), retryAfter: wait }, 429)
  }
  return undefined
}

/** JSON answers smaller than this go as they are: gzip would save a few bytes and cost a stream. */
export const COMPRESS_FROM_BYTES = 1024

/**
 * A JSON answer goes whole, with its length: a small one (a write's answer) then leaves in one piece
 * as soon as it is made, not through a compression stream that sends its body a turn of the event loop
 * later, while the connection stays busy; a large one is still compressed.
 */
async function jsonWithLength(c: Context, next: () => Promise<void>) {
  await next()
  const res = c.res
  if (!res.body || res.headers.has('Content-Length') || res.headers.has('Content-Encoding')) return
  if (!res.headers.get('Content-Type')?.startsWith('application/json')) return
  const bytes = new Uint8Array(await res.arrayBuffer())
  const headers = new Headers(res.headers)
  headers.set('Content-Length', String(bytes.byteLength))
  c.res = new Response(bytes, { status: res.status, statusText: res.statusText, headers })
}

/** The platform's API; mounted under /api. */
export function createApi(platform: Platform) {
  const api = new Hono<{ Variables: Vars }>()

  // Lists and details are JSON that gzip shrinks several times over: less to wait for on a slow line.
  api.use('*', compress({ threshold: COMPRESS_FROM_BYTES }))
  api.use('*', jsonWithLength)
  if (MINIMAL) api.use('*', minimalProfile)
  api.use('*', async (c, next) => {
    c.set('platform', platform)
    const started = Date.now()
    const env = ENVS[(c.req.path.split('/')[2] ?? '').toLowerCase()]
    c.header('Cache-Control', 'no-store')
    c.header('Content-Security-Policy', API_CSP)
    c.header('Referrer-Policy', 'no-referrer')
    const badTarget = badRequestTarget(c.req.url)
    if (badTarget) return c.json(failure(badTarget), 400)
    if (!env) return c.json(failure(`Unknown environment in ${c.req.path}`), 404)
    c.set('env', env)
    const user = await signedIn(c, platform)
    if (user instanceof Response) return user
    c.set('user', user)
    // The organization a signed-in caller acts for must be one of theirs; an anonymous caller's is ignored.
    const organizationId = c.req.header('Organization-Id')
    if (organizationId && user) {
      if (!(await memberOf(c, user, organizationId)))
        return c.json(failure('Organization-Id: you are not a member of this organization'), 403)
      c.set('organizationId', organizationId)
    }
    // A signed-in read says which changes it holds (all up to this seq, taken before it reads), so the
    // console's first live stream replays from there and nothing made in between is missed.
    const liveSeq =
      user && c.req.method === 'GET' && platform.live
        ? await platform.live.seqNow(env).catch(() => undefined)
        : undefined
    await next()
    if (liveSeq !== undefined) c.res.headers.set('X-Live-Seq', String(liveSeq))
    // The request log feeds the stats (/stats); written in batches, after the answer has left.
    platform.requestLog.record({
      env,
      ts: new Date(platform.now()).toISOString(),
      method: c.req.method,
      path: c.req.path.slice(0, 300),
      status: c.res.status,
      organizationId: c.get('organizationId') ?? null,
      durationMs: Date.now() - started,
      client: consoleRequest(c.req.header('Sec-Fetch-Site'), c.req.header('Sec-Fetch-Dest'))
        ? 'console'
        : null,
    })
  })

  api.route('/', platformRoutes)
  api.route('/', dataFormats)
  api.route('/', declaredRoutes)
  // Order matters: fixed segments before the product routes' `/:version/:id`.
  api.route('/', tasks)
  api.route('/', events)
  api.route('/', live)
  api.route('/', contracts)
  api.route('/', files)
  api.route('/', tokens)
  api.route('/', push)
  api.route('/', products)
  api.all('*', (c) => c.json(failure(`Not found: ${c.req.method} ${c.req.path}`), 404))
  api.onError((error, c) => {
    console.error(`API error on ${c.req.method} ${c.req.path}:`, error.message)
    return c.json(failure('There was a problem with your request. Please try again later.'), 500)
  })
  return api
}

/**
 * A call the console made from its own page (a same-origin fetch of a browser, not a navigation):
 * the stats count the platform's traffic, not the operator watching it.
 */
export function consoleRequest(site: string | undefined, dest: string | undefined) {
  return site === 'same-origin' && dest === 'empty'
}
