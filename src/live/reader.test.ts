import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Frame } from './frames'
import { type Cursor, LiveReader, SILENT_AFTER_MS } from './reader'

/** A stream the test writes SSE text into, as the platform would. */
function sse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
  })
  const encoder = new TextEncoder()
  return {
    response: (status = 200, headers: Record<string, string> = {}) =>
      new Response(status === 200 ? body : null, {
        status,
        headers: { 'Content-Type': 'text/event-stream', ...headers },
      }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    error: () => controller.error(new Error('cut')),
  }
}

const change = (seq: number, id = `t${seq}`) =>
  `event: change\nid: ${seq}\ndata: ${JSON.stringify({ seq, at: '2026-01-01T00:00:00Z', kind: 'task', op: 'updated', id })}\n\n`

function memoryCursor(start?: number): Cursor {
  let seq = start
  return { get: () => seq, set: (n) => (seq = n) }
}

function setup(options: { cursor?: Cursor; responses: (() => Response | Promise<Response>)[] }) {
  const frames: Frame[] = []
  const calls: { url: string; headers: Record<string, string> }[] = []
  const onNoAnswer = vi.fn()
  const onUnsupported = vi.fn()
  const queue = [...options.responses]
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), headers: init?.headers as Record<string, string> })
    const next = queue.shift()
    if (!next) return new Promise<Response>(() => {})
    return next()
  })
  const cursor = options.cursor ?? memoryCursor()
  const reader = new LiveReader({
    url: () => '/api/sandbox/live',
    cursor,
    onFrame: (f) => frames.push(f),
    onNoAnswer,
    onUnsupported,
    fetch: fetchMock as unknown as typeof fetch,
    random: () => 0.5,
  })
  return { reader, frames, calls, cursor, onNoAnswer, onUnsupported, fetchMock }
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve()
  await new Promise((r) => setTimeout(r, 0))
}

afterEach(() => {
  vi.useRealTimers()
})

describe('LiveReader', () => {
  it('sends the token in the header, never in the URL, and reads frames in order', async () => {
    const stream = sse()
    const t = setup({ responses: [() => stream.response()] })
    t.reader.setToken('secret-token')
    await flush()
    expect(t.calls[0]?.url).toBe('/api/sandbox/live')
    expect(t.calls[0]?.headers.Authorization).toBe('Bearer secret-token')
    expect(t.calls[0]?.headers.Accept).toBe('text/event-stream')
    expect(t.calls[0]?.headers['Last-Event-ID']).toBeUndefined()
    // A frame split across chunks, a comment and an unknown event are read as the SSE format says.
    stream.write('retry: 3000\n\n: keep-alive\n\n')
    stream.write(change(1).slice(0, 20))
    stream.write(change(1).slice(20) + change(2))
    stream.write('event: unknown\ndata: {}\n\n')
    stream.write(`event: heartbeat\ndata: {"seq":2,"at":"x"}\n\n`)
    await flush()
    // No cursor: the first change is preceded by a reset that asks again what is stale.
    expect(t.frames.map((f) => f.event)).toEqual(['reset', 'change', 'change', 'heartbeat'])
    expect(t.frames.map((f) => (f.event === 'change' ? f.change.seq : -1))).toEqual([-1, 1, 2, -1])
    expect(t.cursor.get()).toBe(2)
    t.reader.stop()
  })

  it('reconnects with backoff and Last-Event-ID, applying no change twice', async () => {
    vi.useFakeTimers()
    const first = sse()
    const second = sse()
    const t = setup({
      cursor: memoryCursor(4),
      responses: [
        () => first.response(),
        () => Promise.reject(new TypeError('offline')),
        () => second.response(),
      ],
    })
    t.reader.setToken('tok')
    await vi.advanceTimersByTimeAsync(0)
    first.write(change(5) + change(6))
    await vi.advanceTimersByTimeAsync(0)
    first.error()
    // First retry after about the base wait; it fails (no answer) and the next waits longer.
    await vi.advanceTimersByTimeAsync(1000)
    expect(t.calls).toHaveLength(2)
    expect(t.calls[1]?.headers['Last-Event-ID']).toBe('6')
    expect(t.onNoAnswer).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1500)
    expect(t.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(600)
    expect(t.calls).toHaveLength(3)
    expect(t.calls[2]?.headers['Last-Event-ID']).toBe('6')
    // The replay repeats 6 (a platform may): it is applied once.
    second.write(change(6) + change(7))
    await vi.advanceTimersByTimeAsync(0)
    expect(t.frames.map((f) => (f.event === 'change' ? f.change.seq : -1))).toEqual([5, 6, 7])
    t.reader.stop()
  })

  it('resumes from the stored cursor and takes the retry the platform gives', async () => {
    vi.useFakeTimers()
    const first = sse()
    const t = setup({ cursor: memoryCursor(41), responses: [() => first.response()] })
    t.reader.setToken('tok')
    await vi.advanceTimersByTimeAsync(0)
    expect(t.calls[0]?.headers['Last-Event-ID']).toBe('41')
    first.write('retry: 4000\n\n')
    first.close()
    await vi.advanceTimersByTimeAsync(3000)
    expect(t.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(2000)
    expect(t.calls).toHaveLength(2)
    t.reader.stop()
  })

  it('a first stream (no cursor) asks again only what is stale, then goes on from the heartbeat', async () => {
    const stream = sse()
    const t = setup({ responses: [() => stream.response()] })
    t.reader.setToken('tok')
    await flush()
    stream.write(`event: heartbeat\ndata: {"seq":40}\n\n${change(41)}event: heartbeat\ndata: {"seq":41}\n\n`)
    await flush()
    expect(t.frames).toEqual([
      { event: 'reset', seq: 40, staleOnly: true },
      { event: 'heartbeat', seq: 40 },
      expect.objectContaining({ event: 'change' }),
      { event: 'heartbeat', seq: 41 },
    ])
    t.reader.stop()
  })

  it('a first stream whose first frame is a change asks again what is stale, then applies it', async () => {
    const stream = sse()
    const t = setup({ responses: [() => stream.response()] })
    t.reader.setToken('tok')
    await flush()
    // A change committed as the stream opened may come before the first heartbeat.
    stream.write(`${change(41)}event: heartbeat\ndata: {"seq":41}\n\n${change(42)}`)
    await flush()
    expect(t.frames).toEqual([
      { event: 'reset', seq: 41, staleOnly: true },
      expect.objectContaining({ event: 'change', change: expect.objectContaining({ seq: 41 }) }),
      { event: 'heartbeat', seq: 41 },
      expect.objectContaining({ event: 'change', change: expect.objectContaining({ seq: 42 }) }),
    ])
    expect(t.cursor.get()).toBe(42)
    t.reader.stop()
  })

  it('on reset takes the platform seq and passes the reset on', async () => {
    const stream = sse()
    const t = setup({ cursor: memoryCursor(3), responses: [() => stream.response()] })
    t.reader.setToken('tok')
    await flush()
    stream.write(`event: reset\ndata: {"seq":900}\n\n${change(901)}`)
    await flush()
    expect(t.frames.map((f) => f.event)).toEqual(['reset', 'change'])
    expect(t.cursor.get()).toBe(901)
    t.reader.stop()
  })

  it('a heartbeat behind the cursor (the platform lost its history) is a reset', async () => {
    const stream = sse()
    const t = setup({ cursor: memoryCursor(500), responses: [() => stream.response()] })
    t.reader.setToken('tok')
    await flush()
    stream.write(`event: heartbeat\ndata: {"seq":12}\n\n${change(13)}`)
    await flush()
    expect(t.frames.map((f) => f.event)).toEqual(['reset', 'change'])
    expect(t.cursor.get()).toBe(13)
    t.reader.stop()
  })

  it('after bye signed-out or revoked does not reconnect until a new token', async () => {
    vi.useFakeTimers()
    const first = sse()
    const second = sse()
    const t = setup({ responses: [() => first.response(), () => second.response()] })
    t.reader.setToken('old')
    await vi.advanceTimersByTimeAsync(0)
    first.write('event: bye\ndata: {"reason":"revoked"}\n\n')
    first.close()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(t.calls).toHaveLength(1)
    expect(t.reader.state).toBe('blocked')
    t.reader.setToken('new')
    await vi.advanceTimersByTimeAsync(0)
    expect(t.calls).toHaveLength(2)
    expect(t.calls[1]?.headers.Authorization).toBe('Bearer new')
    t.reader.stop()
  })

  it('after bye shutdown reconnects', async () => {
    vi.useFakeTimers()
    const first = sse()
    const t = setup({ responses: [() => first.response(), () => sse().response()] })
    t.reader.setToken('tok')
    await vi.advanceTimersByTimeAsync(0)
    first.write('event: bye\ndata: {"reason":"shutdown"}\n\n')
    first.close()
    await vi.advanceTimersByTimeAsync(2000)
    expect(t.calls).toHaveLength(2)
    t.reader.stop()
  })

  it('a renewed token reconnects at once with the cursor; no token closes the stream', async () => {
    vi.useFakeTimers()
    const first = sse()
    const t = setup({ cursor: memoryCursor(7), responses: [() => first.response(), () => sse().response()] })
    t.reader.setToken('one')
    await vi.advanceTimersByTimeAsync(0)
    first.write(change(8))
    await vi.advanceTimersByTimeAsync(0)
    t.reader.setToken('two')
    await vi.advanceTimersByTimeAsync(0)
    expect(t.calls).toHaveLength(2)
    expect(t.calls[1]?.headers).toMatchObject({ Authorization: 'Bearer two', 'Last-Event-ID': '8' })
    // The old connection's late frames are not applied.
    first.write(change(9))
    await vi.advanceTimersByTimeAsync(0)
    expect(t.frames).toHaveLength(1)
    t.reader.setToken(undefined)
    expect(t.reader.state).toBe('idle')
  })

  it('404, 405 and 501 mean no stream: never asked again, no error', async () => {
    vi.useFakeTimers()
    const t = setup({ responses: [() => new Response('{}', { status: 501 })] })
    t.reader.setToken('tok')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(t.calls).toHaveLength(1)
    expect(t.onUnsupported).toHaveBeenCalledTimes(1)
    expect(t.reader.state).toBe('unsupported')
  })

  it('429 waits as long as Retry-After says', async () => {
    vi.useFakeTimers()
    const t = setup({
      responses: [() => new Response('{}', { status: 429, headers: { 'Retry-After': '10' } })],
    })
    t.reader.setToken('tok')
    await vi.advanceTimersByTimeAsync(9000)
    expect(t.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1100)
    expect(t.calls).toHaveLength(2)
    t.reader.stop()
  })

  it('three missed heartbeats: the platform may be gone, the stream is opened again', async () => {
    vi.useFakeTimers()
    const first = sse()
    const t = setup({ responses: [() => first.response(), () => sse().response()] })
    t.reader.setToken('tok')
    await vi.advanceTimersByTimeAsync(0)
    first.write('event: heartbeat\ndata: {"seq":1}\n\n')
    await vi.advanceTimersByTimeAsync(SILENT_AFTER_MS - 100)
    expect(t.onNoAnswer).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(200)
    expect(t.onNoAnswer).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1500)
    expect(t.calls).toHaveLength(2)
    t.reader.stop()
  })

  it('offline closes the stream; back online it resumes from the cursor', async () => {
    vi.useFakeTimers()
    const first = sse()
    const t = setup({ responses: [() => first.response(), () => sse().response()] })
    t.reader.setToken('tok')
    await vi.advanceTimersByTimeAsync(0)
    first.write(change(3))
    await vi.advanceTimersByTimeAsync(0)
    t.reader.pause()
    expect(t.reader.state).toBe('paused')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(t.calls).toHaveLength(1)
    t.reader.resume()
    await vi.advanceTimersByTimeAsync(0)
    expect(t.calls).toHaveLength(2)
    expect(t.calls[1]?.headers['Last-Event-ID']).toBe('3')
    t.reader.stop()
  })
})
