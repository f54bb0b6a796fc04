/** The Background Sync tag the pages register and the service worker answers: send the outbox. */
export const SYNC_TAG = 'orchestrator-outbox'
