// The live stream's frames, as the platform sends them. Unknown kinds and fields are ignored.

import { isRecord } from '../contract/reading'
/** One committed change the user may read. */
export interface Change {
  seq: number
  at: string
  kind: string
  op: 'created' | 'updated' | 'deleted' | string
  id: string
  parentId?: string
  organizationId?: string
  entity?: unknown
}

/** A frame as read from the stream (or relayed by the tab that holds it). */
export type Frame =
  | { event: 'change'; change: Change }
  | { event: 'heartbeat'; seq: number }
  /** `staleOnly`: a first connection, which replays nothing: only what is shown and stale is asked again. */
  | { event: 'reset'; seq: number; staleOnly?: boolean }
  | { event: 'bye'; reason: string }

/** A frame's JSON read into one the console knows, or undefined for anything else. */
export function readFrame(event: string | undefined, data: string): Frame | undefined {
  let body: unknown
  try {
    body = JSON.parse(data)
  } catch {
    return undefined
  }
  if (!isRecord(body)) return undefined
  const b = body
  switch (event) {
    case 'change':
      if (typeof b.seq !== 'number' || typeof b.kind !== 'string' || typeof b.id !== 'string')
        return undefined
      return { event, change: b as unknown as Change }
    case 'heartbeat':
    case 'reset':
      return typeof b.seq === 'number' ? { event, seq: b.seq } : undefined
    case 'bye':
      return { event, reason: typeof b.reason === 'string' ? b.reason : 'shutdown' }
    default:
      return undefined
  }
}
