import { isChunkError } from '../pwa/chunk-recovery'
import { isQuotaError } from '../pwa/storage'

/** The codes of `saveErrorOf` said in the user's language (any other is an error's text). */
const NOT_KEPT = ['storage-full', 'outbox-not-loaded', 'outbox-load-failed']

/**
 * Why a change could not be queued on this device: its storage full, the outbox's code not loaded
 * (offline before a service worker keeps it, or its download failed online: the change is neither
 * sent nor kept), or the error itself. A form keeps it for `DraftOffer` or `SaveNotKept`, a delete
 * dialog says it in its own words. No React here: a list's first screen carries its delete dialog.
 */
export function saveErrorOf(error: unknown, online = navigator.onLine): string {
  if (isQuotaError(error)) return 'storage-full'
  if (isChunkError(error)) return online ? 'outbox-load-failed' : 'outbox-not-loaded'
  return String(error)
}

/** Whether a code of `saveErrorOf` is one of its own, not an error's text. */
export function isNotKept(code: string): boolean {
  return NOT_KEPT.includes(code)
}
