import { onlineManager } from '@tanstack/react-query'
import type { OutboxEntry } from './db'
import { loadDb } from './lazy-db'
import { replacedIdKey } from './outbox'

/**
 * What became of a queued change while its form waited:
 * - `sent`: the platform accepted it (`entityId` is the platform's id);
 * - `refused`: the platform refused it (failed, or a conflict of versions), with its answer;
 * - `queued`: no answer yet (offline, slow, or a server error that is tried again): kept on this device.
 */
export type SaveOutcome =
  | { kind: 'sent'; entityId: string }
  | { kind: 'refused'; entry: OutboxEntry }
  | { kind: 'queued'; entry: OutboxEntry; lastStatus?: number }

/** How long a form waits for the platform before it says the change will be sent later. */
export const SAVE_WAIT_MS = 10_000
const POLL_MS = 100

/**
 * Waits for the platform's answer to a queued change (sent by the replay of any tab), up to `waitMs`.
 * An entry that no longer needs sending (a delete that cancelled its unsent create) counts as sent.
 */
export async function awaitOutcome(
  entry: OutboxEntry | undefined,
  {
    waitMs = SAVE_WAIT_MS,
    online = true,
    isOnline = () => onlineManager.isOnline(),
  }: { waitMs?: number; online?: boolean; isOnline?: () => boolean } = {},
): Promise<SaveOutcome> {
  if (!entry) return { kind: 'sent', entityId: '' }
  const db = await loadDb()
  const seq = entry.seq
  const until = Date.now() + (online ? waitMs : 0)
  for (;;) {
    const now = await db.outbox.get(seq)
    if (!now) {
      const created = await db.replaced.get(replacedIdKey(entry.resource, entry.entityId))
      return { kind: 'sent', entityId: created?.value ?? entry.entityId }
    }
    if (now.status === 'failed' || now.status === 'conflict') return { kind: 'refused', entry: now }
    // A server error or no answer: the replay tries again later; the form need not wait for it.
    if (now.status === 'pending' && now.attempts > 0 && now.lastStatus !== 401)
      return { kind: 'queued', entry: now, lastStatus: now.lastStatus }
    // No answer in time, or the connection went while waiting: it is kept here and sent later.
    if (Date.now() >= until || !isOnline()) return { kind: 'queued', entry: now }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
