// Outbox layer: imports pwa/, i18n/, core/, contract/; never api/, ui/ or screens.

import { currentScope } from '../core/scope'
import { getSession } from '../core/session'
import { type ChangeInput, queueChange } from './outbox'

/** Queues a change for the signed-in user in the current organization, environment and version. */
export async function queueForCurrentScope(change: ChangeInput) {
  const session = getSession()
  if (!session) throw new Error('Sign in to make changes')
  const { env, version, organizationId } = currentScope()
  return queueChange({ userId: session.user.id, organizationId, env, version }, change)
}
