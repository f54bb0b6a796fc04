import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize } from 'node:path'
import { PassThrough } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { createBrotliCompress, createGzip, constants as zlib } from 'node:zlib'
import { type Context, Hono } from 'hono'
import { compress } from 'hono/compress'
import { getCookie } from 'hono/cookie'
import {
  LOCALE_COOKIE,
  readShellCookie,
  SHELL_COOKIE,
  shellPageOf,
  VISITOR_FIRST_READ,
} from '../src/contract/shell-pages'
import { productsPicture, readFirstPage } from './products-picture'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
}

/** No inline or eval scripts; styles may be set by libraries (Radix, uPlot) at run time. */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"

const catalog = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../lang/${locale}.json`, import.meta.url), 'utf8'))
const CATALOGS: Record<string, Record<string, string>> = { fi: catalog('fi'), en: catalog('en') }

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * index.html for a navigation: the static frame gets the screen's heading in the user's language
 * (the console's cookie; Finnish by default, as in the console), so it paints before any script, and
 * `below` it what the platform paints of the screen (a visitor's product list).
 */
export function shellHtml(html: string, path: string, cookieLocale: string | undefined, below = ''): string {
  const locale = localeOf(cookieLocale)
  const page = shellPageOf(path)
  const title = page && (CATALOGS[locale]?.[page.title] ?? CATALOGS.en?.[page.title])
  const heading = title
    ? `<div class="mb-4 flex flex-wrap items-center gap-3"><h1 class="flex-auto text-2xl font-semibold text-gray-900">${escapeHtml(title)}</h1></div>`
    : ''
  return html
    .replace('<html lang="fi">', `<html lang="${locale}">`)
    .replace(
      '<!--shell-page-->',
      page?.narrow ? `<div class="mx-auto max-w-md">${heading}</div>` : `<div>${heading}${below}</div>`,
    )
}

const localeOf = (cookieLocale: string | undefined) => (cookieLocale === 'en' ? 'en' : 'fi')

/** The platform's API, called in-process with the request's connection (the visitor's own rights). */
export type ApiCall = (path: string, bindings: unknown) => Response | Promise<Response>

/** How long a navigation waits for the picture's list: past it, the frame goes without. */
const PICTURE_WAIT_MS = 300

/**
 * A visitor's first product list, read from the platform as the console reads it (anonymously, in the
 * scope its cookie names), painted in `locale`: undefined at once when the caller is signed in or the
 * address asks for another page, sort or filter; empty when the answer is late, refused or not readable.
 */
function listPicture(c: Context, path: string, api: ApiCall | undefined, locale: string) {
  if (!api || path.replace(/\/+$/, '') !== '/products' || new URL(c.req.url).search) return undefined
  const scope = readShellCookie(getCookie(c, SHELL_COOKIE))
  if (!scope || scope.signedIn) return undefined
  const read = async () => {
    const late = new AbortController()
    try {
      const answer = await Promise.race([
        Promise.resolve(api(`/api/${scope.env}/products/${scope.version}?${VISITOR_FIRST_READ}`, c.env)),
        sleep(PICTURE_WAIT_MS, undefined, { signal: late.signal }),
      ])
      const first = answer?.ok ? readFirstPage(await answer.json()) : undefined
      return first ? productsPicture(CATALOGS[locale] ?? {}, locale, first, Date.now()) : ''
    } catch {
      return ''
    } finally {
      late.abort()
    }
  }
  return read()
}

/**
 * A page sent in two parts: `head` at once (compressed as the browser takes it, and flushed), so the
 * browser fetches the console's script while the platform reads what `rest` paints; then `rest`.
 */
function streamedHtml(c: Context, head: string, rest: Promise<string>) {
  const acceptEncoding = c.req.header('Accept-Encoding')
  const coding = accepts(acceptEncoding, 'br') ? 'br' : accepts(acceptEncoding, 'gzip') ? 'gzip' : undefined
  const zip =
    coding === 'br'
      ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : coding === 'gzip'
        ? createGzip()
        : new PassThrough()
  // Each part as the compressor gives it. A browser that goes away mid-page cancels the body: the
  // compressor is destroyed and the rest, when read, goes nowhere (Node 20's Readable.toWeb would
  // then throw outside any handler).
  let open = true
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      zip.on('data', (chunk: Buffer) => open && controller.enqueue(new Uint8Array(chunk)))
      zip.on('end', () => open && controller.close())
      zip.on('error', () => open && controller.error(new Error('The page could not be compressed')))
    },
    cancel() {
      open = false
      zip.destroy()
    },
  })
  zip.write(head)
  if ('flush' in zip) zip.flush()
  void rest.then((tail) => {
    if (!zip.destroyed) zip.end(tail)
  })
  c.header('Content-Type', 'text/html; charset=UTF-8')
  c.header('Vary', 'Cookie, Accept-Encoding')
  if (coding) c.header('Content-Encoding', coding)
  return c.body(body)
}

/** Marks where the platform's picture goes in the page, split there to send the head before it. */
const PICTURE_SLOT = '<!--platform-picture-->'

/** Whether an Accept-Encoding header takes `coding` (listed with no `q=0`). */
export function accepts(header: string | undefined, coding: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (name?.trim() !== coding) return false
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    return q === undefined || Number(q) > 0
  })
}

/** The codings the build writes beside each file (vite.config.ts, precompressed), the smaller first. */
const READY_MADE = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const

/** Hashed assets never change under their name: read once, kept (the build's files are bounded). */
const kept = new Map<string, Buffer | null>()
function readKept(file: string, immutable: boolean): Buffer | null {
  if (!immutable) return existsSync(file) ? readFileSync(file) : null
  let bytes = kept.get(file)
  if (bytes === undefined) {
    bytes = existsSync(file) ? readFileSync(file) : null
    kept.set(file, bytes)
  }
  return bytes
}

/** Serves the built console: hashed assets for a year, the shell and worker never cached, SPA fallback. */
export function staticConsole(distDir: string, api?: ApiCall) {
  const app = new Hono()
  app.use('*', compress())
  app.use('*', async (c, next) => {
    await next()
    c.header('Content-Security-Policy', CONSOLE_CSP)
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'no-referrer')
  })
  app.get('*', (c) => {
    const path = decodeURIComponent(c.req.path)
    const file = normalize(join(distDir, path))
    if (!file.startsWith(normalize(distDir))) return c.text('Not found', 404)
    const isFile = existsSync(file) && statSync(file).isFile()
    if (!isFile && extname(path)) return c.text('Not found', 404)
    const target = isFile ? file : join(distDir, 'index.html')
    if (!existsSync(target)) return c.text('The console is not built: run npm run build', 503)
    const hashed = path.startsWith('/assets/')
    c.header('Content-Type', TYPES[extname(target)] ?? 'application/octet-stream')
    c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
    if (isFile) {
      // The build's ready-made compressed copy, when the browser takes it: nothing compressed here.
      c.header('Vary', 'Accept-Encoding')
      const acceptEncoding = c.req.header('Accept-Encoding')
      for (const [coding, suffix] of READY_MADE) {
        if (!accepts(acceptEncoding, coding)) continue
        const ready = readKept(target + suffix, hashed)
        if (!ready) continue
        c.header('Content-Encoding', coding)
        return c.body(new Uint8Array(ready))
      }
      return c.body(new Uint8Array(readKept(target, hashed) ?? readFileSync(target)))
    }
    // The heading depends on the language cookie, the picture on the scope's: one copy per cookie.
    c.header('Vary', 'Cookie')
    const cookieLocale = getCookie(c, LOCALE_COOKIE)
    const html = readFileSync(target, 'utf8')
    // Only into a page that has the frame's slot for it (a test's bare page has none).
    const picture = html.includes('<!--shell-page-->')
      ? listPicture(c, path, api, localeOf(cookieLocale))
      : undefined
    if (!picture) return c.html(shellHtml(html, path, cookieLocale))
    const [head = '', tail = ''] = shellHtml(html, path, cookieLocale, PICTURE_SLOT).split(PICTURE_SLOT)
    return streamedHtml(
      c,
      head,
      picture.then((painted) => painted + tail),
    )
  })
  return app
}
