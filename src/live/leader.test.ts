import { describe, expect, it, vi } from 'vitest'
import { RECENT_KEPT, RECENT_MS, shareStream } from './leader'

/** Web Locks as the browser gives them: one holder per name, the next request granted when it lets go. */
function fakeLocks() {
  const held = new Map<string, Promise<void>>()
  return {
    request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>) {
      const before = held.get(name) ?? Promise.resolve()
      // A request aborted while it waits is never granted.
      const run = before.then(() => {
        if (options.signal?.aborted) throw new DOMException('aborted', 'AbortError')
        return callback()
      })
      held.set(
        name,
        run.catch(() => undefined),
      )
      return run
    },
  } as unknown as Pick<LockManager, 'request'>
}

/** BroadcastChannel within one process, as between tabs: a post reaches every other instance. */
function fakeChannel() {
  const all = new Set<FakeChannel>()
  class FakeChannel {
    onmessage: ((event: MessageEvent) => void) | null = null
    constructor(readonly name: string) {
      all.add(this)
    }
    postMessage(data: unknown) {
      for (const other of all)
        if (other !== this && other.name === this.name)
          queueMicrotask(() => other.onmessage?.({ data } as MessageEvent))
    }
    close() {
      all.delete(this)
    }
  }
  return FakeChannel as unknown as typeof BroadcastChannel
}

const tick = () => new Promise((r) => setTimeout(r, 0))

function tab(
  name: string,
  env: { locks: Pick<LockManager, 'request'> | undefined; Channel: typeof BroadcastChannel | undefined },
  scope = 'sandbox:u1',
  extra: { keep?: (m: string) => boolean; now?: () => number } = {},
) {
  const applied: string[] = []
  const connections = { opened: 0, closed: 0 }
  let emit: ((m: string) => void) | undefined
  const stop = shareStream<string>({
    scope,
    locks: env.locks,
    Channel: env.Channel,
    apply: (m) => applied.push(m),
    ...extra,
    connect: (e) => {
      connections.opened += 1
      emit = e
      return () => {
        connections.closed += 1
        emit = undefined
      }
    },
  })
  return { name, applied, connections, stop, emit: (m: string) => emit?.(m) }
}

describe('shareStream', () => {
  it('one tab holds the stream and relays every message to the others', async () => {
    const env = { locks: fakeLocks(), Channel: fakeChannel() }
    const a = tab('a', env)
    const b = tab('b', env)
    const c = tab('c', env)
    await tick()
    expect(a.connections.opened + b.connections.opened + c.connections.opened).toBe(1)
    expect(a.connections.opened).toBe(1)
    a.emit('m1')
    a.emit('m2')
    await tick()
    expect(a.applied).toEqual(['m1', 'm2'])
    expect(b.applied).toEqual(['m1', 'm2'])
    expect(c.applied).toEqual(['m1', 'm2'])
    a.stop()
    b.stop()
    c.stop()
  })

  it('when the leader goes, the next tab takes the lock and connects', async () => {
    const env = { locks: fakeLocks(), Channel: fakeChannel() }
    const a = tab('a', env)
    const b = tab('b', env)
    await tick()
    expect(b.connections.opened).toBe(0)
    a.stop()
    await tick()
    expect(a.connections.closed).toBe(1)
    expect(b.connections.opened).toBe(1)
    b.emit('after')
    await tick()
    expect(b.applied).toEqual(['after'])
    expect(a.applied).toEqual([])
    b.stop()
  })

  it('a tab of another scope ignores what is relayed', async () => {
    const env = { locks: fakeLocks(), Channel: fakeChannel() }
    const a = tab('a', env)
    const other = tab('o', env, 'production:u1')
    await tick()
    // Its own lock (another scope): it connects too.
    expect(other.connections.opened).toBe(1)
    a.emit('m')
    await tick()
    expect(other.applied).toEqual([])
    a.stop()
    other.stop()
  })

  it('without Web Locks each tab connects itself', async () => {
    const env = { locks: undefined, Channel: fakeChannel() }
    const a = tab('a', env)
    const b = tab('b', env)
    await tick()
    expect(a.connections.opened).toBe(1)
    expect(b.connections.opened).toBe(1)
    a.emit('m')
    await tick()
    expect(b.applied).toEqual([])
    a.stop()
    b.stop()
  })

  it('a waiting tab that stops never connects', async () => {
    const env = { locks: fakeLocks(), Channel: fakeChannel() }
    const a = tab('a', env)
    const b = tab('b', env)
    await tick()
    b.stop()
    a.stop()
    await tick()
    expect(b.connections.opened).toBe(0)
    vi.restoreAllMocks()
  })

  it('a tab that joins gets the recent messages it kept, in order, and then the live ones', async () => {
    const env = { locks: fakeLocks(), Channel: fakeChannel() }
    let clock = 0
    const now = () => clock
    const keep = (m: string) => !m.startsWith('beat')
    const a = tab('a', env, 'sandbox:u1', { keep, now })
    await tick()
    a.emit('c1')
    a.emit('beat1')
    clock += RECENT_MS + 1
    a.emit('c2')
    a.emit('c3')
    await tick()
    // Joins after c3: c1 is too old, the heartbeat is not kept.
    const b = tab('b', env, 'sandbox:u1', { keep, now })
    await tick()
    await tick()
    expect(b.applied).toEqual(['c2', 'c3'])
    a.emit('c4')
    await tick()
    expect(b.applied).toEqual(['c2', 'c3', 'c4'])
    // The leader and the tabs already there are not given the recent ones again.
    expect(a.applied).toEqual(['c1', 'beat1', 'c2', 'c3', 'c4'])
    a.stop()
    b.stop()
  })

  it('keeps at most the newest RECENT_KEPT messages', async () => {
    const env = { locks: fakeLocks(), Channel: fakeChannel() }
    const a = tab('a', env)
    await tick()
    for (let i = 0; i < RECENT_KEPT + 5; i++) a.emit(`m${i}`)
    const b = tab('b', env)
    await tick()
    await tick()
    expect(b.applied.length).toBe(RECENT_KEPT)
    expect(b.applied[0]).toBe('m5')
    a.stop()
    b.stop()
  })
})
