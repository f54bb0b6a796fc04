// A request passed on to another local server as it came (method, path, headers, body), its answer
// passed back: the bench's peers reach the platform through it, and the cross-browser suite's refusing
// origin does too.
import { Agent, request } from 'node:http'

/** A handler that passes each request to `target` (an origin), over kept-alive connections. */
export function forwardTo(target) {
  const upstream = new URL(target)
  const agent = new Agent({ keepAlive: true })
  const forward = (req, res) => {
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    out.on('error', () => res.writeHead(502).end())
    req.pipe(out)
  }
  forward.close = () => agent.destroy()
  return forward
}
