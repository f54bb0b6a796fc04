import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/**
 * Where the platform may call (task notifications): http(s) only, and never an address of this
 * machine or its networks (loopback, link-local, private, shared, multicast, reserved), checked when
 * a task is saved and again when sending, on the address the name resolves to. NOTIFY_ALLOW lists
 * hosts, addresses or CIDR ranges that are allowed all the same (tests, on-premise receivers).
 */
const blocked = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6')

export interface AllowList {
  hosts: Set<string>
  ranges: BlockList
}

/** An allow-list from a comma-separated setting: host names, addresses and CIDR ranges. */
export function allowList(entries: string | string[] | undefined = process.env.NOTIFY_ALLOW): AllowList {
  const list = (Array.isArray(entries) ? entries : (entries ?? '').split(','))
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
  const ranges = new BlockList()
  const hosts = new Set<string>()
  for (const entry of list) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address)
    if (family) {
      const type = family === 4 ? 'ipv4' : 'ipv6'
      if (prefix) ranges.addSubnet(address, Number(prefix), type)
      else ranges.addAddress(address, type)
    } else hosts.add(entry)
  }
  return { hosts, ranges }
}

/** A v4 address written as IPv6 (::ffff:a.b.c.d) is checked as the v4 address it is. */
function unmapped(address: string): [string, 'ipv4' | 'ipv6'] {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return [mapped[1], 'ipv4']
  return [address, isIP(address) === 4 ? 'ipv4' : 'ipv6']
}

export function addressAllowed(address: string, allow: AllowList): boolean {
  const [plain, type] = unmapped(address)
  if (allow.ranges.check(plain, type) || allow.hosts.has(plain)) return true
  return !blocked.check(plain, type)
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase()

/** Whether NOTIFY_ALLOW names this host or address itself (a local receiver, which may use plain http). */
export function explicitlyAllowed(hostname: string, allow: AllowList): boolean {
  const host = bare(hostname)
  if (allow.hosts.has(host)) return true
  if (!isIP(host)) return false
  const [plain, type] = unmapped(host)
  return allow.ranges.check(plain, type)
}

/** What is wrong with a notification address before any name is resolved; undefined when it may be tried. */
export function urlProblem(value: string, allow: AllowList): string | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'must be a valid URL'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https address'
  if (url.username || url.password) return 'must not contain a user name or password'
  const host = bare(url.hostname)
  if (allow.hosts.has(host)) return undefined
  if (isIP(host)) return addressAllowed(host, allow) ? undefined : 'must not be a local or private address'
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || !host.includes('.'))
    return 'must not be a local or private address'
  return undefined
}

/** Resolves a name like dns.lookup, refusing (before any connection) an address that is not allowed. */
function guardedLookup(allow: AllowList, host: string): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const refused = allow.hosts.has(bare(host))
        ? undefined
        : addresses.find((a) => !addressAllowed(a.address, allow))
      if (refused || addresses.length === 0) return callback(new Error('address not allowed'), '', 0)
      if (options.all) return callback(null, addresses as never, 0)
      const [first] = addresses
      return callback(null, first?.address ?? '', first?.family ?? 4)
    })
  }
}

/**
 * POSTs JSON to an allowed address. Resolves to whether it was accepted (2xx); never tells why not,
 * so that a failed call says nothing of what listens where.
 */
export async function postJson(
  target: string,
  body: unknown,
  timeoutMs: number,
  allow: AllowList,
): Promise<boolean> {
  const status = await postTo(
    target,
    { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    timeoutMs,
    allow,
  )
  return status !== undefined && status >= 200 && status < 300
}

/**
 * POSTs a body to an allowed address (a webhook, a push service) and resolves to the answer's status,
 * or undefined when none came (refused address, no connection, timeout).
 */
export function postTo(
  target: string,
  request: { headers: Record<string, string>; body: string | Buffer },
  timeoutMs: number,
  allow: AllowList,
): Promise<number | undefined> {
  if (urlProblem(target, allow)) return Promise.resolve(undefined)
  const url = new URL(target)
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'Content-Length': Buffer.byteLength(request.body) },
        lookup: guardedLookup(allow, url.hostname),
        timeout: timeoutMs,
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', () => resolve(undefined))
      },
    )
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(undefined))
    req.end(request.body)
  })
}
