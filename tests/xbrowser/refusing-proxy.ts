// A second origin in front of the platform that refuses one file until let in: a first visit whose
// chunk cannot come (the connection gone before it was fetched), in any browser. Neither driver can
// refuse a single request in WebKit; a server between them can, the same way in both browsers.
import { createServer } from 'node:http'
import { forwardTo } from '../tools/forward.mjs'

export interface RefusingProxy {
  readonly url: string
  /** How many requests for the file were refused. */
  refused(): number
  /** From now on the file comes, as everything else. */
  letIn(): void
  close(): Promise<void>
}

/** Passes every request on to `target`, but for `file` (a path's last part): refused with a 503. */
export async function refusingProxy(port: number, target: string, file: string): Promise<RefusingProxy> {
  const forward = forwardTo(target)
  let refusing = true
  let refused = 0
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://proxy').pathname
    if (refusing && path.endsWith(`/${file}`)) {
      refused += 1
      // Refused, as a gateway with no connection beyond it would: cutting the connection instead
      // makes WebKit ask again, over and over (19 times in 5 s).
      res.writeHead(503, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' }).end('// offline')
      return
    }
    forward(req, res)
  })
  await new Promise<void>((resolve) => server.listen(port, resolve))
  return {
    url: `http://localhost:${port}`,
    refused: () => refused,
    letIn: () => {
      refusing = false
    },
    close: () =>
      new Promise<void>((resolve) => {
        forward.close()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
