import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { createApi } from './app'
import { trustedProxies } from './client-address'
import type { Platform } from './context'
import { migrate, openDb, STARTUP_LOCK } from './db'
import { baseHeaders } from './headers'
import { LIVE_LIMITS, LiveHub, type LiveLimits } from './live'
import { createOidc } from './oidc'
import { allowList } from './outbound'
import { createRequestLog } from './request-log'
import { createScheduler, nextDue } from './scheduler'
import { seed } from './seed'
import { staticConsole } from './static'
import { createThrottle, type ThrottleLimits } from './throttle'

export interface PlatformOptions {
  dataDir?: string | 'memory'
  databaseUrl?: string
  publicUrl: string
  seed: boolean
  distDir?: string
  now?: () => number
  /** The longest a personal or developer token may live, in days (default TOKEN_MAX_DAYS or 365). */
  tokenMaxDays?: number
  /** Failed sign-ins allowed before an address or account waits (default SIGN_IN_LIMIT_* or 30 and 10). */
  signInLimits?: ThrottleLimits
  /** Proxies whose X-Forwarded-For names the client: addresses and CIDR ranges (default TRUSTED_PROXIES). */
  trustedProxies?: string[]
  /** Local or private hosts, addresses or CIDR ranges notifications may reach (default NOTIFY_ALLOW). */
  notifyAllow?: string[]
  /** The most a product's files may take together, in bytes (default FILE_QUOTA_BYTES or 50 MB). */
  fileQuotaBytes?: number
  /** The live stream's heartbeat and limits (default LIVE_LIMITS; tests shorten them). */
  live?: Partial<LiveLimits>
}

/** 50 MB: ten files of the largest size a file may have. */
export const DEFAULT_FILE_QUOTA_BYTES = 50 * 1024 * 1024

/** The reference platform: database, API, OIDC provider and the console's files, as one node handler. */
export async function createPlatform(options: PlatformOptions) {
  const db = await openDb({ dataDir: options.dataDir, databaseUrl: options.databaseUrl })
  const platform: Platform = {
    db,
    now: options.now ?? Date.now,
    publicUrl: options.publicUrl,
    requestLog: createRequestLog(db),
    tokenMaxDays: options.tokenMaxDays ?? (Number(process.env.TOKEN_MAX_DAYS) || 365),
    // Counts every process shares on PostgreSQL; in memory on PGlite, which one process holds.
    throttle: createThrottle(options.signInLimits, options.databaseUrl ? db : undefined),
    trustedProxies: trustedProxies(options.trustedProxies),
    notifyAllow: allowList(options.notifyAllow),
    fileQuotaBytes:
      options.fileQuotaBytes ?? (Number(process.env.FILE_QUOTA_BYTES) || DEFAULT_FILE_QUOTA_BYTES),
  }
  // Processes starting together on one database migrate and seed one after another: the first does
  // it, the others find it done.
  await db.exclusive(STARTUP_LOCK, async () => {
    const { fresh } = await migrate(db)
    if (fresh && options.seed) await seed(platform)
  })
  const oidc = await createOidc(db, options.publicUrl, platform.throttle, platform.trustedProxies)
  platform.resolveOidcToken = oidc.resolveToken
  // A task's change carries its next run, as the task list shows it.
  platform.live = new LiveHub(platform, { ...LIVE_LIMITS, ...options.live }, async (env, kind, entity) => {
    if (kind !== 'task') return entity
    const at = (await nextDue(db, env, [entity])).get(entity.id)
    return at === undefined ? entity : { ...entity, nextRunAt: new Date(at).toISOString() }
  })

  const app = new Hono()
  const headers = baseHeaders(options.publicUrl)
  app.use('*', async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
  })
  app.route('/api', createApi(platform))
  // A visitor's first product list is painted into the shell from the platform's own API.
  if (options.distDir)
    app.route(
      '/',
      staticConsole(options.distDir, (path, bindings) =>
        app.fetch(new Request(new URL(path, options.publicUrl)), bindings),
      ),
    )
  const listener = getRequestListener(app.fetch)

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/oidc' || req.url?.startsWith('/oidc/')) {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
      oidc.handle(req, res).catch((error: unknown) => {
        console.error('OIDC error:', error instanceof Error ? error.message : error)
        if (!res.headersSent) res.writeHead(500).end()
      })
      return
    }
    void listener(req, res)
  }
  // Started by the server (main.ts); tests drive it with tick() and the platform's clock.
  // A shorter lease hands a dead process's runs over sooner (and must outlast a tick, which renews it).
  const scheduler = createScheduler(platform, {
    leaseMs: Number(process.env.SCHEDULER_LEASE_MS) || undefined,
  })
  const close = async () => {
    await platform.live?.stop()
    await scheduler.stop()
    await platform.requestLog.flush()
    await db.close()
  }
  return { platform, app, handle, scheduler, close }
}
