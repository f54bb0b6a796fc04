import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseHeaders } from '../headers'
import { createHttpServer } from '../http-server'
import { startPlatform, type TestPlatform } from './harness'

// One platform (each takes a while to start): public over https, so HSTS is expected throughout.
let secure: TestPlatform
beforeAll(async () => {
  secure = await startPlatform({ seed: false, publicUrl: 'https://orchestrator.example.com' })
}, 180_000)
afterAll(() => secure?.close())

/** An answer of the node handler (the OIDC provider is outside the Hono app). */
async function viaServer(t: TestPlatform, path: string) {
  const server = createHttpServer(t.handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as AddressInfo
    const response = await fetch(`http://127.0.0.1:${port}${path}`)
    await response.arrayBuffer()
    return response
  } finally {
    server.close()
  }
}

describe('headers of every answer', () => {
  it('sends nosniff and a restrictive CSP with every API answer, whatever its status', async () => {
    const answers = await Promise.all([
      secure.call('GET', '/api/sandbox/configs', { token: null }),
      secure.call('GET', '/api/sandbox/tasks', { token: null }),
      secure.call('GET', '/api/nowhere/tasks', { token: null }),
      secure.call('GET', '/api/sandbox/tasks?q=%00', { token: null }),
      secure.call('POST', '/api/sandbox/tasks', { body: 'not json' }),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 400, 401])
    for (const answer of answers) {
      expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(answer.headers.get('Content-Security-Policy')).toMatch(/default-src 'none'/)
      expect(answer.headers.get('Content-Security-Policy')).toMatch(/frame-ancestors 'none'/)
    }
  })

  it('sends nosniff with the console’s files and the OIDC provider’s answers', async () => {
    const page = await secure.app.request('/')
    expect(page.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const oidc = await viaServer(secure, '/oidc/.well-known/openid-configuration')
    expect(oidc.status).toBe(200)
    expect(oidc.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })

  it('sends HSTS when the public address is https, and never over plain http', async () => {
    expect(baseHeaders('http://localhost:4173')['Strict-Transport-Security']).toBeUndefined()
    const api = await secure.call('GET', '/api/sandbox/configs', { token: null })
    expect(api.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d{7,}/)
    const page = await secure.app.request('/')
    expect(page.headers.get('Strict-Transport-Security')).toMatch(/max-age=/)
    const oidc = await viaServer(secure, '/oidc/.well-known/openid-configuration')
    expect(oidc.headers.get('Strict-Transport-Security')).toMatch(/max-age=/)
  })
})
