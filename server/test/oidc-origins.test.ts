import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpServer } from '../http-server'
import { consoleOrigins } from '../oidc'
import { startPlatform, type TestPlatform } from './harness'

const PUBLIC = 'http://localhost:4999'
let p: TestPlatform
let port: number
let close: () => void
beforeAll(async () => {
  p = await startPlatform({ publicUrl: PUBLIC })
  const server = createHttpServer(p.handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  close = () => server.close()
})
afterAll(async () => {
  close()
  await p.close()
})

/** The provider's discovery document as a browser at `host` would get it. */
function discovery(host: string) {
  return new Promise<{ issuer: string; authorization_endpoint: string }>((resolve, reject) => {
    const req = request(
      { port, host: '127.0.0.1', path: '/oidc/.well-known/openid-configuration', headers: { Host: host } },
      (res) => {
        let text = ''
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve(JSON.parse(text)))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('the embedded provider answers for the address the console was opened at', () => {
  it('lists PUBLIC_URL, the loopback names and listed origins at the same port', () => {
    const origins = consoleOrigins(PUBLIC, 'https://console.example.org/, not a url')
    expect(origins[0]).toBe(PUBLIC)
    expect(origins).toEqual(
      expect.arrayContaining(['http://127.0.0.1:4999', 'http://[::1]:4999', 'https://console.example.org']),
    )
    expect(origins).not.toContain('not a url')
  })

  it('gives each allowed address its own issuer, and PUBLIC_URL to any other', async () => {
    expect((await discovery('localhost:4999')).issuer).toBe('http://localhost:4999/oidc')
    const loopback = await discovery('127.0.0.1:4999')
    expect(loopback.issuer).toBe('http://127.0.0.1:4999/oidc')
    expect(loopback.authorization_endpoint).toBe('http://127.0.0.1:4999/oidc/auth')
    expect((await discovery('evil.example:4999')).issuer).toBe('http://localhost:4999/oidc')
  })
})
