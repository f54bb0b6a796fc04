import { Agent, get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createHttpServer } from '../http-server'

describe('platform HTTP server', () => {
  it("keeps an idle connection open longer than Node's 5 s, so the next request reuses it", async () => {
    const server = createHttpServer((_req, res) => res.end('ok'))
    await new Promise<void>((resolve) => server.listen(0, resolve))
    const { port } = server.address() as AddressInfo
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const call = () =>
      new Promise<{ reused: boolean; body: string; keepAlive: unknown }>((resolve, reject) => {
        const req = get({ port, path: '/', agent }, (res) => {
          let body = ''
          res.on('data', (chunk) => {
            body += chunk
          })
          res.on('end', () =>
            resolve({ reused: req.reusedSocket, body, keepAlive: res.headers['keep-alive'] }),
          )
        })
        req.on('error', reject)
      })
    try {
      const first = await call()
      expect(first).toMatchObject({ reused: false, body: 'ok', keepAlive: 'timeout=65' })
      await new Promise((resolve) => setTimeout(resolve, 7_000))
      expect(await call()).toMatchObject({ reused: true, body: 'ok' })
    } finally {
      agent.destroy()
      server.close()
    }
  }, 20_000)
})
