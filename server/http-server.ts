import { createServer, type RequestListener, type Server } from 'node:http'

/** How long a kept-alive connection may idle: a minute, not Node's 5 s. */
export const KEEP_ALIVE_MS = 65_000

/**
 * The platform's HTTP server. A client that sends on a kept-alive socket the moment the server closes
 * it gets a reset: with Node's 5 s the browser tests' API calls, made a few seconds apart, failed so
 * (ECONNRESET). Browsers keep idle sockets for minutes, so 5 s also cost them new connections.
 */
export function createHttpServer(handler: RequestListener): Server {
  const server = createServer(handler)
  server.keepAliveTimeout = KEEP_ALIVE_MS
  // Longer than the idle time, so a request that starts just before it is not cut off by this one.
  server.headersTimeout = KEEP_ALIVE_MS + 1000
  return server
}
