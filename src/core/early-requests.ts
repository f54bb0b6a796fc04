// Core layer, and part of the entry script: no dependencies, so the entry stays small.
import { VISITOR_FIRST_READ } from '../contract/shell-pages'
import { earlyBoot, openBootDatabase, peekFirstRead, readEntries } from './boot-open'

/**
 * The first data requests of a screen, started by the entry script at once instead of after the
 * console has loaded. The console notes, per screen address, the platform reads its route loaders
 * made (in the scope they were made in); at the next start at that address the entry script sends
 * the same reads, with the same headers, while the console's code downloads. The console's own call
 * of the same URL with the same headers adopts the answer instead of asking again; anything else
 * (another scope, page or limit, another token) is a different request, and the early one is dropped.
 * Offline nothing is sent early: the persisted cache serves the screen.
 */

/** One item per screen address (`firstRequests:/tasks`), so a start reads only its own. */
export const EARLY_PREFIX = 'firstRequests:'
/** At most this many reads per screen: a list and what its loader needs beside it. */
const MAX_PER_SCREEN = 3
/** An early answer the console has not asked for by then is dropped. */
const ADOPT_WITHIN_MS = 15_000
/** The token not read by then, nothing is sent early. */
const TOKEN_READ_MS = 2000

export interface RememberedRequests {
  scope: string
  urls: string[]
  /** Read signed out (the public catalog): sent without a token, and only while signed out. */
  anonymous?: boolean
}

interface Early {
  /** The headers sent, once known (the token is read from IndexedDB); undefined when nothing was sent. */
  sent: Promise<{ headers: Record<string, string>; response: Promise<Response> } | undefined>
  controller: AbortController
  at: number
  /** Sent without a token (a visitor's public read). */
  anonymous: boolean
}

const pending = new Map<string, Early>()

/** The headers of every platform call: JSON, the session's token, and the organization on product paths. */
export function platformHeaders(
  url: string,
  token: string | undefined,
  organizationId: string,
  given: Record<string, string> = {},
): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...given }
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`
  if (organizationId && url.includes('products')) headers['Organization-Id'] = organizationId
  return headers
}

/** The scope a read is made in: environment, API version, organization (as the console stores them). */
export const requestScope = (env: string, version: string, organizationId: string) =>
  [env, version, organizationId].join('|')

function storedSetting(key: string, fallback: string): string {
  return localStorage.getItem(key) || fallback
}

/** Only the platform's own API paths on this origin are ever sent early. */
const isApiPath = (url: unknown): url is string =>
  typeof url === 'string' && url.startsWith('/api/') && !url.includes('//')

/**
 * The session's token and expiry, as the entry script read it from the boot store (IndexedDB) on the
 * connection it opened for the console, or read on a connection of its own.
 */
export function readStoredToken(
  connection: Promise<IDBDatabase> | undefined = earlyBoot(),
): Promise<{ token: string; expiresAt: number } | undefined> {
  const own = connection === undefined
  let session: Promise<unknown>
  try {
    const first = !own && connection === earlyBoot() ? peekFirstRead('session') : undefined
    const opened = connection ?? openBootDatabase()
    // An open WebKit leaves unanswered (a page opened while the one before it was loading) sends
    // nothing early rather than holding the console's own reads, which wait for this answer.
    session = first ?? readEntries(opened, ['session'], TOKEN_READ_MS).then((values) => values.get('session'))
    if (own) void session.finally(() => opened.then((db) => db.close())).catch(() => undefined)
  } catch {
    return Promise.resolve(undefined)
  }
  return session.then(
    (value) => {
      const stored = value as { token?: unknown; expiresAt?: unknown } | undefined
      return typeof stored?.token === 'string' && typeof stored.expiresAt === 'number'
        ? { token: stored.token, expiresAt: stored.expiresAt }
        : undefined
    },
    () => undefined,
  )
}

/** What the console noted for this address, if noted in the scope the console will start in. */
export function rememberedFor(address: string): Pick<RememberedRequests, 'urls' | 'anonymous'> {
  try {
    const stored = localStorage.getItem(EARLY_PREFIX + address)
    const remembered = stored ? (JSON.parse(stored) as Partial<RememberedRequests>) : undefined
    const env = storedSetting('environment', 'sandbox')
    const version = storedSetting('apiVersion', 'v2')
    const scope = requestScope(env, version, storedSetting('organizationId', ''))
    if (remembered === undefined) return { urls: visitorReads(address, env, version), anonymous: true }
    if (remembered.scope !== scope || !Array.isArray(remembered.urls)) return { urls: [] }
    return {
      urls: remembered.urls.filter(isApiPath).slice(0, MAX_PER_SCREEN),
      anonymous: remembered.anonymous === true,
    }
  } catch {
    return { urls: [] }
  }
}

/**
 * A first visit of the public catalog has nothing remembered, yet its first read is known: the
 * product list as the catalog opens it (newest first, ten a page), which a visitor may read without
 * a token. Sent only when the address and the device hold no other page, size or organization.
 */
function visitorReads(address: string, env: string, version: string): string[] {
  if (!/^\/products\/?$/.test(address)) return []
  if (['products.currentPage', 'products.limit', 'organizationId'].some((key) => localStorage.getItem(key)))
    return []
  return [`/api/${encodeURIComponent(env)}/products/${encodeURIComponent(version)}?${VISITOR_FIRST_READ}`]
}

/**
 * Sends the reads noted for this address, online only: with the session's token, or without one for
 * what was read signed out, then only while no one is signed in. `readToken` is the session's token
 * source (the boot store); a token about to expire is refreshed by the console first, so nothing is
 * sent with it.
 */
export function startEarlyRequests(
  address = location.pathname + location.search,
  readToken: typeof readStoredToken = readStoredToken,
): number {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 0
  const { urls, anonymous } = rememberedFor(address)
  if (urls.length === 0) return 0
  const token = readToken().catch(() => undefined)
  const organizationId = storedSetting('organizationId', '')
  for (const url of urls) {
    if (pending.has(url)) continue
    const controller = new AbortController()
    const send = (session: { token: string } | undefined) => {
      const headers = platformHeaders(url, session?.token, organizationId)
      const response = fetch(url, { headers, signal: controller.signal })
      // Never an unhandled rejection: an early read nobody adopts may fail or be dropped.
      response.catch(() => undefined)
      return { headers, response }
    }
    // A public read goes at once, not after the session's read from IndexedDB (which a first visit
    // creates): were someone signed in after all, the console's read carries a token, differs, and
    // this one is dropped.
    const sent = anonymous
      ? Promise.resolve(send(undefined))
      : token.then((session) => {
          if (!session || session.expiresAt - Date.now() < 60_000 || controller.signal.aborted)
            return undefined
          return send(session)
        })
    pending.set(url, { sent, controller, at: Date.now(), anonymous: anonymous === true })
  }
  return urls.length
}

const sameHeaders = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}

/**
 * The early answer to this exact read (same URL, same headers), taken once; undefined when there is
 * none, and then the early read of that URL, if any, is dropped. `signal` aborts the adopted read.
 */
export async function takeEarlyResponse(
  url: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<Response | undefined> {
  const early = pending.get(url)
  if (!early) return undefined
  pending.delete(url)
  const sent = Date.now() - early.at <= ADOPT_WITHIN_MS ? await early.sent : undefined
  if (!sent || !sameHeaders(sent.headers, headers)) {
    early.controller.abort()
    return undefined
  }
  if (signal?.aborted) early.controller.abort(signal.reason)
  else signal?.addEventListener('abort', () => early.controller.abort(signal.reason), { once: true })
  return sent.response
}

/** True while an early read of this URL waits to be adopted. */
export const hasEarlyRequest = (url: string) => pending.has(url)

/** Drops every early read not adopted by now: the screen has asked for what it needs. */
export function dropEarlyRequests() {
  for (const early of pending.values()) early.controller.abort()
  pending.clear()
}

/** The platform reads made since the screen began loading, noted by the console's call layer. */
let noted: string[] | null = null
/** What the first screen's loaders read, and the scope they read it in. */
let loaded: RememberedRequests = { scope: '', urls: [] }

/** Called by the call layer for each read it makes. */
export function noteRead(url: string) {
  if (noted && noted.length < MAX_PER_SCREEN && isApiPath(url) && !noted.includes(url)) noted.push(url)
}

/** The page's first screen began loading: its reads are noted from now on. */
export function beginNotingReads() {
  noted = []
  loaded = { scope: '', urls: [] }
}

/** The first screen's loaders are done (in `scope`): what the console renders next is not the screen's read. */
export function endNotingReads(scope: string) {
  loaded = { scope, urls: noted ?? [] }
  noted = null
}

/**
 * The first screen has loaded: what its loaders read is remembered for the addresses given, with the
 * scope it was read in. A load that read nothing (its data was fresh in the cache) leaves what was
 * remembered.
 */
export function rememberReads(addresses: string[], { anonymous = false } = {}) {
  if (loaded.urls.length === 0) return
  loaded = anonymous ? { ...loaded, anonymous } : loaded
  for (const address of addresses) {
    try {
      localStorage.setItem(EARLY_PREFIX + address, JSON.stringify(loaded))
    } catch {
      // Storage full: the screen just starts its reads with the console, as without this.
    }
  }
}

/**
 * Whether `address` only completes `opened`: the same path, with every search parameter `opened`
 * had (the console adds the list's page and limit to an address without them).
 */
export function completes(address: string, opened: string): boolean {
  const [path, search = ''] = address.split('?')
  const [openedPath, openedSearch = ''] = opened.split('?')
  if (path !== openedPath) return false
  const params = new URLSearchParams(search)
  return [...new URLSearchParams(openedSearch)].every(([key, value]) => params.get(key) === value)
}

/**
 * Forgets every remembered read (a sign-out, another user): they carry one user's addresses. With
 * `keepAnonymous` (a start that finds no one signed in), a visitor's public reads stay, and go out.
 */
export function forgetReads({ keepAnonymous = false } = {}) {
  try {
    for (const key of Object.keys(localStorage))
      if (key.startsWith(EARLY_PREFIX) && !(keepAnonymous && readAnonymously(key)))
        localStorage.removeItem(key)
  } catch {
    // Nothing to forget.
  }
  for (const [url, early] of pending)
    if (!(keepAnonymous && early.anonymous)) {
      early.controller.abort()
      pending.delete(url)
    }
}

function readAnonymously(key: string): boolean {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? '{}') as Partial<RememberedRequests>).anonymous === true
  } catch {
    return false
  }
}
