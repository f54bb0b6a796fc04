import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible'

export interface ThrottleLimits {
  /** Failed sign-ins (tokens and passwords) one address may make per minute before it waits. */
  perAddress: number
  /** Failed password sign-ins to one account per 15 minutes before it waits. */
  perAccount: number
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  perAddress: Number(process.env.SIGN_IN_LIMIT_PER_ADDRESS) || 30,
  perAccount: Number(process.env.SIGN_IN_LIMIT_PER_ACCOUNT) || 10,
}

/** The 429 message; the console and the provider's page show their own translation of it. */
export const throttledMessage = (seconds: number) =>
  `Too many failed sign-ins. Try again in ${seconds} seconds.`

/**
 * Guessing is slow: failed sign-ins (a wrong developer or personal token, a wrong password) count per
 * address and, for passwords, per account. Past the limit every sign-in from there waits (429 with
 * Retry-After), the right one too, until the block ends. Kept in memory: one process, one count.
 */
export function createThrottle(limits: ThrottleLimits = DEFAULT_LIMITS) {
  const address = new RateLimiterMemory({
    keyPrefix: 'address',
    points: limits.perAddress,
    duration: 60,
    blockDuration: 300,
  })
  const account = new RateLimiterMemory({
    keyPrefix: 'account',
    points: limits.perAccount,
    duration: 900,
    blockDuration: 900,
  })
  const waitOf = (res: RateLimiterRes | null, points: number) =>
    res && res.consumedPoints > points ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0

  // Tokens and passwords count apart per address; a password's account counts whatever the address.
  const key = (from: string, accountKey?: string) =>
    `${accountKey === undefined ? 'token' : 'password'} ${from}`
  return {
    /** Seconds to wait before another sign-in from this address (for this account); 0 when it may go on. */
    async wait(from: string, accountKey?: string): Promise<number> {
      const byAddress = waitOf(await address.get(key(from, accountKey)), limits.perAddress)
      const byAccount = accountKey ? waitOf(await account.get(accountKey), limits.perAccount) : 0
      return Math.max(byAddress, byAccount)
    },
    /** Counts a failed sign-in. */
    async failed(from: string, accountKey?: string): Promise<void> {
      await address.consume(key(from, accountKey)).catch(() => undefined)
      if (accountKey) await account.consume(accountKey).catch(() => undefined)
    },
    /** A right password clears its account's count (not the address's). */
    async succeeded(accountKey: string): Promise<void> {
      await account.delete(accountKey)
    },
  }
}

export type Throttle = ReturnType<typeof createThrottle>
