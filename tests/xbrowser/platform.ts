// The built console and the reference platform, as `npm run serve` runs them, on a port of the suite's
// own and a fresh data directory. Stopping it is how a test goes offline in any browser: the service
// worker and the outbox must carry the console while the platform does not answer, and starting it
// again on the same data directory is the connection coming back.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const ADMIN_TOKEN = 'demo-admin-token'
export const OPERATOR_TOKEN = 'demo-operator-token'

export interface Platform {
  readonly url: string
  start(): Promise<void>
  stop(): Promise<void>
  /** Calls the platform directly, as a second client would. */
  api<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; json: T }>
  dispose(): Promise<void>
}

export function platform(port: number): Platform {
  const url = `http://localhost:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'orchestrator-xbrowser-'))
  let child: ChildProcess | undefined
  let log = ''

  const api: Platform['api'] = async (method, path, body, token = ADMIN_TOKEN) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    // biome-ignore lint/suspicious/noExplicitAny: the caller names the shape.
    return { status: response.status, json: (text ? JSON.parse(text) : {}) as any }
  }

  const stop = async () => {
    const running = child
    if (!running || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    // Its own process group: npm, tsx and node go together.
    if (running.pid) process.kill(-running.pid, 'SIGTERM')
    const timer = setTimeout(() => running.pid && process.kill(-running.pid, 'SIGKILL'), 20_000)
    await exited
    clearTimeout(timer)
    child = undefined
  }

  return {
    url,
    api,
    stop,
    async start() {
      if (child && child.exitCode === null) return
      log = ''
      child = spawn('npm', ['run', 'serve'], {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          PUBLIC_URL: url,
          SIGN_IN_LIMIT_PER_ADDRESS: '300',
        },
      })
      const started = child
      // A test run that dies leaves no platform behind.
      process.once('exit', () => {
        try {
          if (started.pid && started.exitCode === null) process.kill(-started.pid, 'SIGKILL')
        } catch {
          // Gone already.
        }
      })
      const keep = (chunk: Buffer) => {
        log = (log + chunk).slice(-8000)
      }
      child.stdout?.on('data', keep)
      child.stderr?.on('data', keep)
      const until = Date.now() + 120_000
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the platform exited (${child.exitCode}):\n${log}`)
        if (Date.now() > until) throw new Error(`the platform did not answer at ${url} in 120 s:\n${log}`)
        const ok = await fetch(`${url}/api/sandbox/configs`).then(
          (r) => r.ok,
          () => false,
        )
        if (ok) return
        await new Promise((r) => setTimeout(r, 200))
      }
    },
    async dispose() {
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
