import { BlockList, isIP } from 'node:net'

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d) is the IPv4 address it is. */
export function plainAddress(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, '')
  const lower = trimmed.toLowerCase()
  if (lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4) return lower.slice(7)
  return lower
}

const family = (address: string) => (isIP(address) === 4 ? 'ipv4' : 'ipv6')

/**
 * The reverse proxies whose X-Forwarded-For the platform believes (TRUSTED_PROXIES: comma-separated
 * addresses and CIDR ranges, e.g. `127.0.0.1,10.0.0.0/8`). None by default: the socket's address is
 * the client's, and a forwarded header, which any client can write, names nobody.
 */
export function trustedProxies(entries: string | string[] | undefined = process.env.TRUSTED_PROXIES) {
  const list = new BlockList()
  let any = false
  for (const entry of (Array.isArray(entries) ? entries : (entries ?? '').split(','))
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address = '', prefix] = entry.split('/')
    const plain = plainAddress(address)
    if (!isIP(plain)) throw new Error(`TRUSTED_PROXIES: ${entry} is not an address or a CIDR range`)
    if (prefix === undefined) list.addAddress(plain, family(plain))
    else list.addSubnet(plain, Number(prefix), family(plain))
    any = true
  }
  return {
    any,
    has: (address: string) => {
      const plain = plainAddress(address)
      return isIP(plain) !== 0 && list.check(plain, family(plain))
    },
  }
}
export type TrustedProxies = ReturnType<typeof trustedProxies>

/**
 * The client's address: the socket's, unless that is a trusted proxy; then, in X-Forwarded-For read
 * from the right (each proxy appends the address it was called from), the first address that is not a
 * trusted proxy. Entries left of it were written by the client and are not believed.
 */
export function clientAddress(
  socket: string | undefined,
  forwardedFor: string | null | undefined,
  trusted: TrustedProxies,
): string {
  let address = plainAddress(socket ?? 'unknown')
  if (!trusted.any || !trusted.has(address) || !forwardedFor) return address
  const hops = forwardedFor.split(',')
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = plainAddress(hops[i] ?? '')
    if (!hop) break
    address = hop.slice(0, 100)
    if (!trusted.has(hop)) break
  }
  return address
}
