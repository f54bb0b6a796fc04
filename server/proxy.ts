import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { staticConsole } from './static'

/** PLATFORM_URL mode: the console's files from here, /api passed through to a real platform. */
export function createProxy(platformUrl: string, distDir: string) {
  const target = new URL(platformUrl)
  const app = new Hono()
  app.all('/api/*', async (c) => {
    const url = new URL(c.req.path + new URL(c.req.url).search, target)
    const headers = new Headers(c.req.raw.headers)
    headers.delete('host')
    const init: RequestInit & { duplex?: string } = { method: c.req.method, headers, redirect: 'manual' }
    if (!['GET', 'HEAD'].includes(c.req.method)) {
      init.body = c.req.raw.body
      init.duplex = 'half'
    }
    return fetch(url, init)
  })
  app.route('/', staticConsole(distDir))
  const listener = getRequestListener(app.fetch)
  return (req: IncomingMessage, res: ServerResponse) => void listener(req, res)
}
