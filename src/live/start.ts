// The live stream started once the first screen is up: read by one tab, its changes laid into every
// tab's cache, its heartbeats the evidence that the platform answers.

import { notifyManager, onlineManager, type QueryClient } from '@tanstack/react-query'
import { answersSeq } from '../core/answer-seq'
import { markReachable, noteNoAnswer } from '../core/online'
import { currentScope, environmentSetting } from '../core/scope'
import { getSession, onSessionChange } from '../core/session'
import { liveFollow } from './follow'
import type { Change, Frame } from './frames'
import { shareStream } from './leader'
import { applyChange, refetchVisible, type Schemas } from './patch'
import { type Cursor, LiveReader } from './reader'

/** What tabs pass on: the stream's frames, and its falling silent. */
export type LiveMessage = Frame | { event: 'no-answer' }

const cursorKey = (env: string, userId: string) => `live.seq:${env}:${userId}`

/** The last applied seq, in memory and on the device (per environment and user), so a reload resumes. */
export interface DeviceCursor extends Cursor {
  /** Writes the seq now (a closing tab). */
  flush(): void
}

export function deviceCursor(env: string, userId: string, storage: Storage = localStorage): DeviceCursor {
  const key = cursorKey(env, userId)
  let seq: number | undefined
  try {
    const stored = Number.parseInt(storage.getItem(key) ?? '', 10)
    seq = Number.isFinite(stored) && stored >= 0 ? stored : undefined
  } catch {
    seq = undefined
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const save = () => {
    timer = undefined
    try {
      if (seq !== undefined) storage.setItem(key, String(seq))
    } catch {
      // Storage full or denied: the stream resumes from memory, a reload from a reset.
    }
  }
  return {
    get: () => seq,
    set: (next) => {
      seq = next
      // A burst of changes is written once; a closing tab writes at once (pagehide below).
      timer ??= setTimeout(save, 200)
    },
    flush: () => {
      clearTimeout(timer)
      save()
    },
  }
}

/** The answer schemas, once loaded (changes are read as the platform's answers are). */
let schemas: Schemas | undefined

/**
 * Changes are laid into the cache at most once a frame: a burst (hundreds of events a second) is
 * applied together, its screens told once, so a list scrolls on while it fills. A change after a
 * quiet moment is applied at once.
 */
const COALESCE_MS = 16
let queued: { client: QueryClient; env: string; change: Change; answers: Schemas }[] = []
let flushTimer: ReturnType<typeof setTimeout> | undefined
let lastFlush = Number.NEGATIVE_INFINITY

/** Applies the changes waiting for their frame now (before a message that must follow them). */
export function flushChanges() {
  clearTimeout(flushTimer)
  flushTimer = undefined
  lastFlush = performance.now()
  const batch = queued
  queued = []
  if (batch.length === 0) return
  notifyManager.batch(() => {
    for (const { client, env, change, answers } of batch) applyChange(client, env, change, answers)
  })
}

function queueChange(client: QueryClient, env: string, change: Change, answers: Schemas) {
  queued.push({ client, env, change, answers })
  if (flushTimer !== undefined) return
  const wait = lastFlush + COALESCE_MS - performance.now()
  if (wait <= 0) flushChanges()
  else flushTimer = setTimeout(flushChanges, wait)
}

/** Acts on one message in this tab. */
export function applyMessage(client: QueryClient, env: string, message: LiveMessage, answers = schemas) {
  if (message.event !== 'change') flushChanges()
  switch (message.event) {
    case 'change':
      markReachable()
      if (answers) queueChange(client, env, message.change, answers)
      else {
        flushChanges()
        void refetchVisible(client, env)
      }
      return
    case 'heartbeat':
      markReachable()
      return
    case 'reset':
      markReachable()
      if (message.staleOnly) void refetchVisible(client, env, true)
      else void refetchVisible(client, env)
      return
    case 'no-answer':
      noteNoAnswer()
      return
    case 'bye':
      return
  }
}

/** Whether this tab currently holds the stream (for tests and the bench). */
export const liveState = { leader: false, reader: undefined as LiveReader | undefined }

let stopCurrent: (() => void) | undefined
/** The platform has no stream: not asked again until the page is loaded again. */
let unsupported = false

function startFor(client: QueryClient) {
  // Changes of the user or environment before are not laid into what comes next.
  queued = []
  stopCurrent?.()
  stopCurrent = undefined
  liveState.leader = false
  liveState.reader = undefined
  const session = getSession()
  liveFollow.streaming = Boolean(session) && !unsupported
  if (!session || unsupported) return
  const env = currentScope().env
  const userId = session.user.id
  stopCurrent = shareStream<LiveMessage>({
    scope: `${env}:${userId}`,
    apply: (message) => applyMessage(client, env, message),
    onLeader: () => {
      liveState.leader = true
    },
    // A tab that joins gets the recent changes again; heartbeats and resets are of the moment.
    keep: (message) => message.event === 'change',
    connect: (emit) => {
      const cursor = deviceCursor(env, userId)
      // A device's first stream replays from what this page's answers hold, not from now.
      const held = answersSeq(env)
      if (cursor.get() === undefined && held !== undefined) cursor.set(held)
      const reader = new LiveReader({
        url: () => `/api/${encodeURIComponent(env)}/live`,
        cursor,
        onFrame: emit,
        onNoAnswer: () => emit({ event: 'no-answer' }),
        onUnsupported: () => {
          // The probes stay the evidence of the platform; no error is shown, and screens refetch as before.
          unsupported = true
          liveFollow.streaming = false
        },
      })
      liveState.reader = reader
      reader.setToken(getSession()?.token)
      if (!navigator.onLine) reader.pause()
      const offline = () => reader.pause()
      const online = () => reader.resume()
      const renew = () => {
        // Same user, new token: the stream reconnects with it, from the cursor.
        if (getSession()?.user.id === userId) reader.setToken(getSession()?.token)
      }
      window.addEventListener('offline', offline)
      window.addEventListener('online', online)
      window.addEventListener('pagehide', cursor.flush)
      const stopRenew = onSessionChange(renew)
      // The platform answers again (a probe or any call said so): no need to wait out a backoff.
      const stopOnline = onlineManager.subscribe((isOnline) => {
        if (isOnline) reader.retryNow()
      })
      return () => {
        stopOnline()
        reader.stop()
        cursor.flush()
        stopRenew()
        window.removeEventListener('offline', offline)
        window.removeEventListener('online', online)
        window.removeEventListener('pagehide', cursor.flush)
      }
    },
  })
}

/** Starts the stream for the signed-in user, and again for another user or environment. */
export async function startLive(client: QueryClient): Promise<() => void> {
  schemas ??= await import('../contract/answers')
  let scope = ''
  const follow = () => {
    const session = getSession()
    const next = session ? `${currentScope().env}:${session.user.id}` : ''
    if (next === scope) return
    scope = next
    startFor(client)
  }
  const stopSession = onSessionChange(follow)
  const stopEnv = environmentSetting.subscribe(follow)
  follow()
  return () => {
    stopSession()
    stopEnv()
    stopCurrent?.()
    stopCurrent = undefined
    liveFollow.streaming = false
  }
}
