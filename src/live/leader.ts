// One stream per browser: the tab holding the Web Lock reads it and relays every frame to the other
// tabs over a BroadcastChannel. When that tab closes, its lock is released and the next waiting tab
// takes it and connects, resuming from the cursor kept on the device.
//
// A tab that joins has read its screens before it listens: what changed in between would be lost to
// it. So it says hello, and the leader answers with the recent messages it relayed (applying one again
// changes nothing: the same entity is laid in, the same event is found already there).

/** The lock's name, the scope appended: tabs of another environment have their own stream. */
export const LOCK_NAME = 'orchestrator-live'
export const CHANNEL_NAME = 'orchestrator-live'

/** How many relayed messages, and of how long ago, the leader keeps for a tab that joins. */
export const RECENT_KEPT = 500
export const RECENT_MS = 60_000

/**
 * What goes between tabs, each with the scope (environment and user) it belongs to: a relayed
 * message; a joining tab's hello; the leader's answer to it, the recent messages in order.
 */
export type Relayed<M> =
  | { scope: string; message: M }
  | { scope: string; hello: string }
  | { scope: string; recent: M[]; to: string }

export interface SharedStreamOptions<M> {
  /** This tab's scope: relayed messages of another are not for it. */
  scope: string
  /** Opens the stream in this tab, each message passed to `emit`; returns what closes it. */
  connect: (emit: (message: M) => void) => () => void
  /** Acts on a message in this tab (the leader's own, or one relayed). */
  apply: (message: M) => void
  /** Told when this tab becomes the one holding the stream (tests, the bench). */
  onLeader?: () => void
  /** Whether a message is kept for a tab that joins later (changes: yes; heartbeats: no). */
  keep?: (message: M) => boolean
  now?: () => number
  locks?: Pick<LockManager, 'request'> | undefined
  Channel?: typeof BroadcastChannel | undefined
}

/** Starts sharing; returns what stops it (the stream closed, the lock given up). */
export function shareStream<M>(options: SharedStreamOptions<M>): () => void {
  const browserLocks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  const locks = 'locks' in options ? options.locks : browserLocks
  const Channel = 'Channel' in options ? options.Channel : globalThis.BroadcastChannel
  // Without Web Locks (or a channel to relay on) each tab reads the stream itself.
  if (!locks || !Channel) {
    options.onLeader?.()
    return options.connect(options.apply)
  }
  const channel = new Channel(CHANNEL_NAME)
  const now = options.now ?? Date.now
  const me = Math.random().toString(36).slice(2)
  /** The leader's recent messages, oldest first, with when they were relayed. */
  const recent: { at: number; message: M }[] = []
  let leading = false
  channel.onmessage = (event: MessageEvent<Relayed<M>>) => {
    const data = event.data
    if (data?.scope !== options.scope) return
    if ('message' in data) options.apply(data.message)
    else if ('hello' in data) {
      if (!leading) return
      const since = now() - RECENT_MS
      const old = recent.findIndex((r) => r.at >= since)
      recent.splice(0, old === -1 ? recent.length : old)
      if (recent.length)
        channel.postMessage({
          scope: options.scope,
          recent: recent.map((r) => r.message),
          to: data.hello,
        } satisfies Relayed<M>)
    } else if ('recent' in data && data.to === me && !leading) for (const m of data.recent) options.apply(m)
  }
  channel.postMessage({ scope: options.scope, hello: me } satisfies Relayed<M>)
  const abort = new AbortController()
  let release: (() => void) | undefined
  locks
    .request(`${LOCK_NAME}:${options.scope}`, { signal: abort.signal }, () => {
      leading = true
      options.onLeader?.()
      const close = options.connect((message) => {
        options.apply(message)
        channel.postMessage({ scope: options.scope, message } satisfies Relayed<M>)
        if (options.keep && !options.keep(message)) return
        recent.push({ at: now(), message })
        if (recent.length > RECENT_KEPT) recent.splice(0, recent.length - RECENT_KEPT)
      })
      // Held until this tab stops sharing or closes.
      return new Promise<void>((resolve) => {
        release = () => {
          close()
          resolve()
        }
      })
    })
    .catch(() => undefined)
  return () => {
    abort.abort()
    release?.()
    channel.close()
  }
}
