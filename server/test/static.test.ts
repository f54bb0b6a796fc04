import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import en from '../../lang/en.json'
import fi from '../../lang/fi.json'
import { SHELL_PAGES } from '../../src/contract/shell-pages'
import { accepts, CONSOLE_CSP, shellHtml, staticConsole } from '../static'

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
      '<h1 class="flex-1 text-2xl font-semibold text-gray-900">Datatuotteet</h1>',
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
