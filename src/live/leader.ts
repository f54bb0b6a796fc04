// One stream per browser: the tab holding the Web Lock reads it and relays every frame to the other
// tabs over a BroadcastChannel. When that tab closes, its lock is released and the next waiting tab
// takes it and connects, resuming from the cursor kept on the device.

/** The lock's name, the scope appended: tabs of another environment have their own stream. */
export const LOCK_NAME = 'orchestrator-live'
export const CHANNEL_NAME = 'orchestrator-live'

/** What the leader relays: a message and the scope (environment and user) it belongs to. */
export interface Relayed<M> {
  scope: string
  message: M
}

export interface SharedStreamOptions<M> {
  /** This tab's scope: relayed messages of another are not for it. */
  scope: string
  /** Opens the stream in this tab, each message passed to `emit`; returns what closes it. */
  connect: (emit: (message: M) => void) => () => void
  /** Acts on a message in this tab (the leader's own, or one relayed). */
  apply: (message: M) => void
  /** Told when this tab becomes the one holding the stream (tests, the bench). */
  onLeader?: () => void
  locks?: Pick<LockManager, 'request'> | undefined
  Channel?: typeof BroadcastChannel | undefined
}

/** Starts sharing; returns what stops it (the stream closed, the lock given up). */
export function shareStream<M>(options: SharedStreamOptions<M>): () => void {
  const locks =
    'locks' in options ? options.locks : typeof navigator !== 'undefined' ? navigator.locks : undefined
  const Channel = 'Channel' in options ? options.Channel : globalThis.BroadcastChannel
  // Without Web Locks (or a channel to relay on) each tab reads the stream itself.
  if (!locks || !Channel) {
    options.onLeader?.()
    return options.connect(options.apply)
  }
  const channel = new Channel(CHANNEL_NAME)
  channel.onmessage = (event: MessageEvent<Relayed<M>>) => {
    if (event.data?.scope === options.scope) options.apply(event.data.message)
  }
  const abort = new AbortController()
  let release: (() => void) | undefined
  locks
    .request(`${LOCK_NAME}:${options.scope}`, { signal: abort.signal }, () => {
      options.onLeader?.()
      const close = options.connect((message) => {
        options.apply(message)
        channel.postMessage({ scope: options.scope, message } satisfies Relayed<M>)
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
