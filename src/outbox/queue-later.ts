// Outbox layer: imports core/ only; the outbox's code (Dexie) loads with the first change queued.

import { currentScope } from '../core/scope'
import { getSession } from '../core/session'
import type { ChangeInput, QueueScope } from './outbox'

/** The scope a change is queued in: the signed-in user, the organization, environment and version now. */
function changeScope(): QueueScope {
  const session = getSession()
  if (!session) throw new Error('Sign in to make changes')
  const { env, version, organizationId } = currentScope()
  return { userId: session.user.id, organizationId, env, version }
}

/**
 * Queues a change in the current scope, read as the change is made. The queue's code (and the
 * outbox's) comes with the first change, not with a list's first rows: a scope switched while it
 * loads does not move the change into the new scope.
 */
export async function queueLater(change: ChangeInput) {
  const scope = changeScope()
  const { queueChange } = await import('./outbox')
  return queueChange(scope, change)
}
