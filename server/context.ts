import type { Context } from 'hono'
import type { AuthUser } from '../src/contract/user'
import type { TrustedProxies } from './client-address'
import type { Db } from './db'
import type { LiveHub } from './live'
import type { AllowList } from './outbound'
import type { RequestLog } from './request-log'
import type { Throttle } from './throttle'

export type Env = 'sandbox' | 'production'

export type { AuthUser, Permission } from '../src/contract/user'

export interface Platform {
  db: Db
  /** Milliseconds since the epoch; a test may move it. */
  now: () => number
  publicUrl: string
  /** The longest a personal or developer token may live, in days (TOKEN_MAX_DAYS, default 365). */
  tokenMaxDays: number
  /** Failed sign-ins per address and account (throttle.ts). */
  throttle: Throttle
  /** The proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES). */
  trustedProxies: TrustedProxies
  /** Hosts and ranges task notifications may reach although local or private (NOTIFY_ALLOW). */
  notifyAllow: AllowList
  /** The most a product's files may take together, in bytes (FILE_QUOTA_BYTES, default 50 MB). */
  fileQuotaBytes: number
  /** The requests the stats count, written in batches (request-log.ts). */
  requestLog: RequestLog
  /** The live streams of this process (live.ts). */
  live?: LiveHub
  /** Resolves an OIDC token (access or id token) to a user id, when the provider is mounted. */
  resolveOidcToken?: (token: string) => Promise<string | undefined>
}

export interface Vars {
  platform: Platform
  env: Env
  user?: AuthUser
  organizationId?: string
  /** The caller's organizations, once read (guard.ts). */
  memberships?: string[]
  /** Who reads, set by the guard on a read route (guard.ts `readerOf`). */
  reader?: Reader
}

/**
 * Who reads: a platform administrator reads everything; anyone else what their organizations hold
 * (and what is public); an anonymous visitor what is public.
 */
export interface Reader {
  admin: boolean
  userId?: string
  organizations: string[]
}

export type Ctx = Context<{ Variables: Vars }>

/**
 * Strictly increasing millisecond timestamps from one clock in the database that every process shares:
 * every write gets a new `updatedAt` (its ETag), never one another process gave too. `now` is the
 * platform's clock; the stamp is later only when another write took that millisecond.
 */
export async function stamp(db: Db, now: number): Promise<string> {
  const [row] = await db.query<{ last: string | number }>(stampSql('$1'), [Math.floor(now)])
  return stampOf(row?.last, now)
}

/** The statement that takes a stamp, `now` being the placeholder of the platform's clock. */
export const stampSql = (now: string) =>
  `UPDATE stamp_clock SET last = GREATEST(last + 1, ${now}) WHERE id = 1 RETURNING last`

/** The stamp as an entity's `updatedAt`. */
export const stampOf = (last: string | number | undefined, now: number) =>
  new Date(Number(last ?? now)).toISOString()
