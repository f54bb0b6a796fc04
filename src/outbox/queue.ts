// Outbox layer: imports pwa/, i18n/, core/, contract/; never api/, ui/ or screens.

import { type ChangeInput, queueChange } from './outbox'
import { changeScope } from './queue-later'

/** Queues a change for the signed-in user in the current organization, environment and version. */
export async function queueForCurrentScope(change: ChangeInput) {
  return queueChange(changeScope(), change)
}
