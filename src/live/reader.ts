// The live stream's reader: one fetch of `/api/{env}/live` read as server-sent events, kept open,
// resumed from the last change applied. EventSource cannot send the token in a header (only in the
// URL, where proxies and logs keep it), so the stream is read with fetch and a small SSE parser.

import { createParser } from 'eventsource-parser'
import { type Frame, readFrame } from './frames'

/** The platform's heartbeat interval; three missed in a row and the stream is taken for dead. */
export const HEARTBEAT_MS = 5000
export const SILENT_AFTER_MS = 3 * HEARTBEAT_MS
/** The first wait before reconnecting, until the platform's `retry:` says otherwise. */
const FIRST_RETRY_MS = 1000
const MAX_RETRY_MS = 30_000

/** Where the last applied change's seq is kept (in memory and on the device). */
export interface Cursor {
  get(): number | undefined
  set(seq: number): void
}

export interface LiveReaderOptions {
  url: () => string
  cursor: Cursor
  /** Every frame the console must act on, changes once each and in order. */
  onFrame: (frame: Frame) => void
  /** The stream answered 200. */
  onOpen?: () => void
  /** The stream failed to connect, or fell silent: the platform may be out of reach. */
  onNoAnswer?: () => void
  /** The platform has no stream (404, 405, 501): not tried again for this session. */
  onUnsupported?: () => void
  fetch?: typeof fetch
  random?: () => number
}

export type ReaderState =
  | 'idle'
  | 'connecting'
  | 'open'
  | 'waiting'
  | 'paused'
  | 'blocked'
  | 'unsupported'
  | 'stopped'

export class LiveReader {
  state: ReaderState = 'idle'
  private token: string | undefined
  /** A token the platform said is signed out or revoked: never used again. */
  private blocked: string | undefined
  private controller: AbortController | undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  private watchdog: ReturnType<typeof setTimeout> | undefined
  private failures = 0
  private retryMs = FIRST_RETRY_MS
  private paused = false
  /** Bumped by every (re)connect: a stale connection's late events are dropped. */
  private generation = 0

  constructor(private readonly options: LiveReaderOptions) {}

  /** The session's token: a new one reconnects at once (from the cursor), none stops the stream. */
  setToken(token: string | undefined) {
    if (token === this.token) return
    this.token = token
    if (this.state === 'unsupported' || this.state === 'stopped') return
    if (!token) {
      this.close('idle')
      return
    }
    this.failures = 0
    this.connectSoon(0)
  }

  /** Offline: the stream is closed, and opened again by `resume`. */
  pause() {
    if (this.paused) return
    this.paused = true
    if (this.state !== 'unsupported' && this.state !== 'stopped') this.close('paused')
  }

  resume() {
    if (!this.paused) return
    this.paused = false
    if (this.state === 'paused' || this.state === 'idle') {
      this.failures = 0
      this.connectSoon(0)
    }
  }

  stop() {
    this.close('stopped')
  }

  /** The platform answers again (a probe said so): a reconnect waiting out its backoff goes now. */
  retryNow() {
    if (this.state !== 'waiting') return
    this.failures = 0
    this.connectSoon(0)
  }

  private close(state: ReaderState) {
    this.generation += 1
    clearTimeout(this.timer)
    clearTimeout(this.watchdog)
    this.controller?.abort()
    this.controller = undefined
    this.state = state
  }

  private connectSoon(wait: number) {
    this.close('waiting')
    if (this.paused) {
      this.state = 'paused'
      return
    }
    if (!this.token || this.token === this.blocked) {
      this.state = this.token ? 'blocked' : 'idle'
      return
    }
    const generation = this.generation
    this.timer = setTimeout(() => {
      if (generation === this.generation) void this.connect(generation)
    }, wait)
  }

  /** The next wait: doubling from the platform's retry, up to 30 s, spread so tabs and users do not stampede. */
  private backoff(): number {
    const base = Math.min(MAX_RETRY_MS, this.retryMs * 2 ** Math.min(this.failures, 10))
    this.failures += 1
    return Math.round(base * (0.8 + 0.4 * (this.options.random ?? Math.random)()))
  }

  private armWatchdog(generation: number) {
    clearTimeout(this.watchdog)
    this.watchdog = setTimeout(() => {
      if (generation !== this.generation) return
      // No heartbeat for three intervals: the line or the platform is gone, whatever TCP believes.
      this.options.onNoAnswer?.()
      this.connectSoon(this.backoff())
    }, SILENT_AFTER_MS)
  }

  private async connect(generation: number) {
    const token = this.token
    if (!token) return
    this.state = 'connecting'
    const controller = new AbortController()
    this.controller = controller
    const seq = this.options.cursor.get()
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` }
    if (seq !== undefined) headers['Last-Event-ID'] = String(seq)
    let response: Response
    try {
      response = await (this.options.fetch ?? fetch)(this.options.url(), {
        headers,
        cache: 'no-store',
        signal: controller.signal,
      })
    } catch {
      if (generation !== this.generation) return
      this.options.onNoAnswer?.()
      this.connectSoon(this.backoff())
      return
    }
    if (generation !== this.generation) return
    if (response.status === 404 || response.status === 405 || response.status === 501) {
      this.close('unsupported')
      this.options.onUnsupported?.()
      return
    }
    if (response.status === 401 || response.status === 403) {
      // This token is no good for the stream: wait for the session to bring another.
      this.blocked = token
      this.close('blocked')
      return
    }
    if (!response.ok || !response.body) {
      const after = Number(response.headers.get('Retry-After'))
      if (response.status >= 502 && response.status <= 504) this.options.onNoAnswer?.()
      const wait = this.backoff()
      this.connectSoon(after > 0 ? Math.max(wait, after * 1000) : wait)
      return
    }
    this.state = 'open'
    this.options.onOpen?.()
    this.armWatchdog(generation)
    let again = true
    const parser = createParser({
      onRetry: (ms) => {
        if (ms > 0) this.retryMs = ms
      },
      onEvent: (message) => {
        if (generation !== this.generation) return
        this.armWatchdog(generation)
        const frame = readFrame(message.event, message.data)
        if (!frame) return
        if (frame.event === 'bye' && (frame.reason === 'signed-out' || frame.reason === 'revoked')) {
          this.blocked = token
          again = false
        }
        this.take(frame)
      },
    })
    try {
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      while (generation === this.generation) {
        const { done, value } = await reader.read()
        if (done) break
        parser.feed(value)
        // An open stream that carried frames is a working one: the next failure starts the backoff anew.
        this.failures = 0
      }
    } catch {
      // Cut mid-stream, or closed here.
    }
    if (generation !== this.generation) return
    if (!again) {
      this.close('blocked')
      return
    }
    this.connectSoon(this.backoff())
  }

  /** Each change once, in order; the cursor follows what was applied. */
  private take(frame: Frame) {
    const cursor = this.options.cursor
    const last = cursor.get()
    switch (frame.event) {
      case 'change':
        if (last !== undefined && frame.change.seq <= last) return
        // A first stream's change before its first heartbeat: the stream began at the newest
        // change, so what is shown is asked again first, as the heartbeat below would have.
        if (last === undefined)
          this.options.onFrame({ event: 'reset', seq: frame.change.seq, staleOnly: true })
        this.options.onFrame(frame)
        cursor.set(frame.change.seq)
        return
      case 'reset':
        cursor.set(frame.seq)
        this.options.onFrame(frame)
        return
      case 'heartbeat':
        // The platform's latest is behind what this device applied (its store was replaced): what
        // is shown may be of changes it no longer has, so it is read again from here on.
        if (last !== undefined && frame.seq < last) {
          cursor.set(frame.seq)
          this.options.onFrame({ event: 'reset', seq: frame.seq })
          return
        }
        if (last === undefined) {
          // The first stream of this device (for this user and environment) starts at the newest
          // change, replaying nothing: what is shown from an older visit is asked again.
          cursor.set(frame.seq)
          this.options.onFrame({ event: 'reset', seq: frame.seq, staleOnly: true })
        }
        this.options.onFrame(frame)
        return
      case 'bye':
        this.options.onFrame(frame)
    }
  }
}
