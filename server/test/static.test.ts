import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, constants as zlib } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import en from '../../lang/en.json'
import fi from '../../lang/fi.json'
import { SHELL_PAGES } from '../../src/contract/shell-pages'
import { type ApiCall, accepts, CONSOLE_CSP, shellHtml, staticConsole } from '../static'

const INDEX =
  '<html lang="fi"><body><div id="root"><div class="p-4"><!--shell-page--></div></div></body></html>'

function dist() {
  const dir = mkdtempSync(join(tmpdir(), 'console-dist-'))
  writeFileSync(join(dir, 'index.html'), INDEX)
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'export {}')
  return dir
}

describe('the static shell', () => {
  it('carries the screen heading in Finnish by default and in English by the cookie', () => {
    expect(shellHtml(INDEX, '/products', undefined)).toContain(
      '<h1 class="flex-auto text-2xl font-semibold text-gray-900">Datatuotteet</h1>',
    )
    const english = shellHtml(INDEX, '/products/', 'en')
    expect(english).toContain('>Data Products</h1>')
    expect(english).toContain('<html lang="en">')
  })

  it('names every shell heading in both catalogs', () => {
    for (const { title } of Object.values(SHELL_PAGES)) {
      expect((en as Record<string, string>)[title], title).toBeTruthy()
      expect((fi as Record<string, string>)[title], title).toBeTruthy()
    }
  })

  it('centres the login heading like the login screen does', () => {
    expect(shellHtml(INDEX, '/login', 'fi')).toContain('<div class="mx-auto max-w-md"><div class="mb-4')
  })

  it('leaves the heading out where the screen names itself from its data, and ignores unknown languages', () => {
    for (const path of ['/', '/products/12', '/tasks/3/edit', '/nowhere']) {
      expect(shellHtml(INDEX, path, 'en')).not.toContain('<h1')
    }
    expect(shellHtml(INDEX, '/login', '"><script>')).toContain('<html lang="fi">')
  })

  it('serves navigations with the shell, files as they are, both under the CSP', async () => {
    const app = staticConsole(dist())
    const page = await app.request('/tasks', { headers: { cookie: 'locale=en' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(CONSOLE_CSP)
    expect(page.headers.get('vary')).toContain('Cookie')
    expect(await page.text()).toContain('>Tasks</h1>')
    const asset = await app.request('/assets/app-1234.js')
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect(await asset.text()).toBe('export {}')
  })

  it("sends the build's ready-made Brotli or gzip copy by what the browser accepts", async () => {
    const dir = dist()
    const code = `export const words = '${'orchestrator '.repeat(200)}'`
    writeFileSync(join(dir, 'assets', 'big-1.js'), code)
    writeFileSync(join(dir, 'assets', 'big-1.js.br'), brotliCompressSync(code))
    writeFileSync(join(dir, 'assets', 'big-1.js.gz'), gzipSync(code))
    const app = staticConsole(dir)
    const br = await app.request('/assets/big-1.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toContain('Accept-Encoding')
    expect(br.headers.get('content-type')).toContain('text/javascript')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(code)
    const gz = await app.request('/assets/big-1.js', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(code)
    const plain = await app.request('/assets/big-1.js', { headers: { 'Accept-Encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(code)
  })

  it('reads Accept-Encoding with its weights', () => {
    expect(accepts('gzip, deflate, br, zstd', 'br')).toBe(true)
    expect(accepts('gzip;q=1.0, br;q=0', 'br')).toBe(false)
    expect(accepts('BR ; q=0.5', 'br')).toBe(true)
    expect(accepts('gzip', 'br')).toBe(false)
    expect(accepts(undefined, 'gzip')).toBe(false)
  })
})

/** A product as the platform lists it; `over` replaces fields. */
const product = (i: number, over: Record<string, unknown> = {}) => ({
  id: `p-${i}`,
  name: `Product ${i}`,
  productCode: `PRODUCT_${i}`,
  status: 'published',
  organizationName: 'Aalto Logistics',
  publisherOrganizationId: 'o-1',
  updatedAt: '2026-11-05T21:17:01.200Z',
  ...over,
})
const listAnswer = (result: unknown, totalCount: unknown = 12) =>
  Response.json({ success: true, result, pagination: { totalCount, limit: 10, offset: 0 } })

/** A platform's API that answers every call with `answer`, noting the paths called. */
function api(answer: () => Response | Promise<Response>) {
  const calls: string[] = []
  const call: ApiCall = (path) => {
    calls.push(path)
    return answer()
  }
  return { calls, call }
}

describe("the platform's picture of a visitor's first product list", () => {
  const rows = (html: string) => html.match(/data-testid="catalog-row"/g)?.length ?? 0

  it("paints the public first page, in the visitor's language, with the platform's time in UTC", async () => {
    const platform = api(() => listAnswer([product(1), product(2, { status: 'archived' })]))
    const page = await staticConsole(dist(), platform.call).request('/products', {
      headers: { cookie: 'locale=en' },
    })
    const html = await page.text()
    expect(platform.calls).toEqual([
      '/api/sandbox/products/v2?type=dataproduct&limit=10&offset=0&sortBy=updatedAt&sortOrder=desc',
    ])
    expect(rows(html)).toBe(2)
    // Shown once parsed to its end (styles.css): its table never lays out again as rows arrive.
    expect(html).toMatch(/<div data-list-picture>.*<i data-picture-end hidden><\/i><\/div><\/div>/)
    expect(html).toContain('<a class="text-primary-800 underline" href="/products/p-1">Product 1</a>')
    expect(html).toContain('>Archived</td>')
    expect(html).toContain('>Nov 5, 2026</td>')
    expect(html).toMatch(/Fetched today at \d\d:\d\d (AM|PM) UTC/)
    expect(html).toContain('Page 1 of 2')
    expect(html).toContain('12 items')
    const finnish = await staticConsole(dist(), platform.call).request('/products')
    const fi = await finnish.text()
    expect(fi).toContain('>Arkistoitu</td>')
    expect(fi).toContain('>5.11.2026</td>')
    expect(fi).toContain('Sivu 1/2')
  })

  it("escapes the platform's text: a name cannot write markup into the page", async () => {
    const platform = api(() =>
      listAnswer([product(1, { name: '<img src=x onerror=alert(1)>', organizationName: '"><script>' })]),
    )
    const html = await (await staticConsole(dist(), platform.call).request('/products')).text()
    expect(html).not.toContain('<img src=x')
    expect(html).not.toContain('"><script>')
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;')
  })

  it("reads the scope from the console's cookie: none for a signed-in user, its environment and version", async () => {
    const platform = api(() => listAnswer([product(1)]))
    const app = staticConsole(dist(), platform.call)
    const signedIn = await app.request('/products', { headers: { cookie: 'shell=sandbox.v2.user' } })
    expect(rows(await signedIn.text())).toBe(0)
    expect(platform.calls).toEqual([])
    const production = await app.request('/products', { headers: { cookie: 'shell=production.v1.visitor' } })
    expect(rows(await production.text())).toBe(1)
    expect(platform.calls).toEqual([
      '/api/production/products/v1?type=dataproduct&limit=10&offset=0&sortBy=updatedAt&sortOrder=desc',
    ])
    for (const cookie of ['shell=../../x.v2.visitor', 'shell=sandbox.v2', 'shell=SANDBOX.v2.visitor']) {
      expect(rows(await (await app.request('/products', { headers: { cookie } })).text()), cookie).toBe(0)
    }
    expect(platform.calls).toHaveLength(1)
  })

  it('paints only the first page of the default list, and only the product list', async () => {
    const platform = api(() => listAnswer([product(1)]))
    const app = staticConsole(dist(), platform.call)
    for (const path of ['/products?page=2', '/products?q=x', '/sources', '/products/p-1', '/tasks']) {
      expect(rows(await (await app.request(path)).text()), path).toBe(0)
    }
    expect(platform.calls).toEqual([])
    expect(rows(await (await app.request('/products/')).text())).toBe(1)
  })

  it('serves the frame without rows when the answer is refused, of another shape, empty or late', async () => {
    const answers: [string, () => Response | Promise<Response>][] = [
      ['500', () => Response.json({ message: 'down' }, { status: 500 })],
      ['not JSON', () => new Response('<html>', { status: 200 })],
      ['no list', () => Response.json({ success: true, result: { items: [] } })],
      ['empty', () => listAnswer([])],
      ['an item without an id', () => listAnswer([product(1), { name: 'nameless' }])],
      [
        'late',
        () => new Promise<Response>((resolve) => setTimeout(() => resolve(listAnswer([product(1)])), 1000)),
      ],
      ['thrown', () => Promise.reject(new Error('gone'))],
    ]
    for (const [name, answer] of answers) {
      const started = Date.now()
      const page = await staticConsole(dist(), api(answer).call).request('/products')
      expect(page.status, name).toBe(200)
      const html = await page.text()
      expect(rows(html), name).toBe(0)
      expect(html, name).toContain('>Datatuotteet</h1>')
      expect(Date.now() - started, name).toBeLessThan(900)
    }
  })

  it('sends the page up to the picture at once, compressed, and the picture when the platform has answered', async () => {
    let answered = false
    const platform = api(
      () =>
        new Promise<Response>((resolve) =>
          setTimeout(() => {
            answered = true
            resolve(listAnswer([product(1)]))
          }, 150),
        ),
    )
    const app = staticConsole(dist(), platform.call)
    const gzip = await app.request('/products', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    const reader = gzip.body?.getReader()
    const chunks: Uint8Array[] = []
    const sofar = () => gunzipSync(Buffer.concat(chunks), { finishFlush: zlib.Z_SYNC_FLUSH }).toString()
    // The head comes whole before the platform answers (the gzip header may come on its own first).
    while (!sofar().includes('<div class="p-4"><div>')) {
      const next = await reader?.read()
      if (!next || next.done) break
      chunks.push(next.value)
    }
    expect(answered).toBe(false)
    expect(sofar()).toContain('<html lang="fi">')
    expect(sofar()).not.toContain('catalog-row')
    for (let next = await reader?.read(); next && !next.done; next = await reader?.read())
      chunks.push(next.value)
    const whole = gunzipSync(Buffer.concat(chunks)).toString()
    expect(rows(whole)).toBe(1)
    expect(whole).toMatch(/<\/html>$/)
    const br = await app.request('/products', { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(rows(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString())).toBe(1)
    const plain = await app.request('/products', { headers: { 'Accept-Encoding': 'identity' } })
    expect(rows(await plain.text())).toBe(1)
  })

  it('lets a browser leave before the picture is read', async () => {
    let answer: (value: Response) => void = () => undefined
    const platform = api(() => new Promise<Response>((resolve) => (answer = resolve)))
    const app = staticConsole(dist(), platform.call)
    for (const coding of ['br', 'gzip', 'identity']) {
      const page = await app.request('/products', { headers: { 'Accept-Encoding': coding } })
      await page.body?.cancel()
      answer(listAnswer([product(1)]))
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // Still serving: nothing was thrown where no one listened.
    expect((await app.request('/products')).status).toBe(200)
  })

  it('shows a page without a total as the console does: this page, and "at least" while pages come full', async () => {
    const full = Array.from({ length: 10 }, (_, i) => product(i))
    const html = await (
      await staticConsole(dist(), api(() => listAnswer(full, null)).call).request('/products', {
        headers: { cookie: 'locale=en' },
      })
    ).text()
    expect(rows(html)).toBe(10)
    expect(html).toContain('<span>Page 1</span>')
    expect(html).toContain('at least 10 items')
  })
})
