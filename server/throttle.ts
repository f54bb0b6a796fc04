import { createHash } from 'node:crypto'
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  type RateLimiterRes,
} from 'rate-limiter-flexible'
import type { Db } from './db'

export interface ThrottleLimits {
  /** Failed sign-ins (tokens and passwords) one address may make per minute before its failures get 429. */
  perAddress: number
  /** Failed passwords to one account per 15 minutes before every attempt on it is slowed down. */
  perAccount: number
  /** The longest an attempt on an account under attack waits (default 10 s). */
  maxDelayMs?: number
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  perAddress: Number(process.env.SIGN_IN_LIMIT_PER_ADDRESS) || 30,
  perAccount: Number(process.env.SIGN_IN_LIMIT_PER_ACCOUNT) || 10,
}

/** The 429 message; the console and the provider's page show their own translation of it. */
export const throttledMessage = (seconds: number) =>
  `Too many failed sign-ins. Try again in ${seconds} seconds.`

/** The table RateLimiterPostgres keeps its counts in (migration 005_throttle.sql). */
export const THROTTLE_TABLE = 'sign_in_failures'

/** The store's keys are at most 255 characters: a longer name (a typed email) counts by its hash. */
const keyOf = (text: string) =>
  text.length <= 200 ? text : `sha256:${createHash('sha256').update(text).digest('hex')}`

/**
 * Guessing is slow, signing in is not: only failures count, per address and per account, and a
 * request with valid credentials is never refused for them.
 *
 * - An address past `perAddress` failures a minute gets 429 (Retry-After) for its further failures
 *   for 5 minutes: its right token or password still passes, so one misbehaving client behind a NAT
 *   or a proxy does not lock out everyone there.
 * - An account past `perAccount` failed passwords in 15 minutes is under attack: every attempt on it
 *   waits before the password is checked, 1 s, then twice as long each further failure, at most
 *   `maxDelayMs`. The owner with the right password gets in, slowly; a guesser gets a few guesses a
 *   minute instead of thousands.
 *
 * With a database (`DATABASE_URL`) the counts are rows of one table that every platform process
 * shares (RateLimiterPostgres); on PGlite, one process, they are kept in memory.
 */
export function createThrottle(limits: ThrottleLimits = DEFAULT_LIMITS, db?: Db) {
  const maxDelayMs = limits.maxDelayMs ?? 10_000
  const make = (options: { keyPrefix: string; points: number; duration: number; blockDuration?: number }) =>
    db
      ? new RateLimiterPostgres({
          ...options,
          // The store calls query({ text, values }) and reads `rows` and `rowCount`, as of a pg pool.
          storeClient: {
            query: async (q: { text: string; values?: unknown[] }) => {
              const rows = await db.query(q.text, q.values)
              return { rows, rowCount: rows.length }
            },
          },
          storeType: 'pool',
          tableName: THROTTLE_TABLE,
          tableCreated: true,
        })
      : new RateLimiterMemory(options)
  const address: RateLimiterAbstract = make({
    keyPrefix: 'address',
    points: limits.perAddress,
    duration: 60,
    blockDuration: 300,
  })
  // Counted, never refused by the store: the delay is computed from the count.
  const account: RateLimiterAbstract = make({ keyPrefix: 'account', points: 1_000_000_000, duration: 900 })

  /** A store that does not answer must not stop sign-in: its count is taken as none. */
  const read = (limiter: RateLimiterAbstract, key: string) =>
    limiter.get(keyOf(key)).catch((error: unknown) => {
      console.error('throttle store:', error instanceof Error ? error.message : error)
      return null
    })
  const count = (limiter: RateLimiterAbstract, key: string) =>
    limiter.consume(keyOf(key)).catch((res: RateLimiterRes | Error) => {
      if (res instanceof Error) console.error('throttle store:', res.message)
    })

  return {
    /** Seconds this address must wait before a failure is answered other than with 429; 0 when none. */
    async addressWait(from: string): Promise<number> {
      const res = await read(address, from)
      return res && res.consumedPoints > limits.perAddress
        ? Math.max(1, Math.ceil(res.msBeforeNext / 1000))
        : 0
    },
    /** Milliseconds an attempt on this account waits before its password is checked; 0 when not under attack. */
    async accountDelay(accountKey: string): Promise<number> {
      const failures = (await read(account, accountKey))?.consumedPoints ?? 0
      if (failures < limits.perAccount) return 0
      return Math.min(maxDelayMs, 1000 * 2 ** Math.min(20, failures - limits.perAccount))
    },
    /** Counts a failed sign-in of an address and, for a password, of its account. */
    async failed(from: string, accountKey?: string): Promise<void> {
      await count(address, from)
      if (accountKey !== undefined) await count(account, accountKey)
    },
    /** The owner's right password forgets the owner's own slips, not an attack on the account. */
    async succeeded(accountKey: string): Promise<void> {
      const failures = (await read(account, accountKey))?.consumedPoints ?? 0
      if (failures < limits.perAccount) await account.delete(keyOf(accountKey)).catch(() => undefined)
    },
  }
}

export type Throttle = ReturnType<typeof createThrottle>
