import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto'

export function hashPassword(password: string): string {
  const salt = randomBytes(16).toString('hex')
  return `scrypt$${salt}$${scryptSync(password, salt, 32).toString('hex')}`
}

/** Checked off the event loop (libuv's pool): guesses sent in parallel do not hold other requests. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'hex')
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, expected.length, (error, key) => (error ? reject(error) : resolve(key))),
  )
  return timingSafeEqual(actual, expected)
}
