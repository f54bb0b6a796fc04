import type { ProductInput } from '../contract/product'
import { loadDb } from '../outbox/lazy-db'
import { replayInProgress, retryEntry } from '../outbox/outbox'
import { CATALOG, catalog } from './catalog'

// Apart from the catalog's reads: only its form writes this way, and a list (a visitor's first screen)
// then loads none of the outbox's code.

/**
 * An edit of an item whose create was never accepted (still waiting, or refused, e.g. for a
 * duplicate product code) rewrites that create and sends it again, instead of queueing an update
 * behind a create that cannot pass.
 */
export async function requeueCatalogCreate(entityId: string, input: ProductInput) {
  // A change on the wire is marked in memory only, in the tab that sends it: while a replay pass runs
  // anywhere, the create may be in flight, and its answer would drop an edit written into it. The edit
  // then goes after it as an update (its local id becomes the platform's when the create is answered).
  if (await replayInProgress()) return catalog.queueUpdate({ id: entityId }, input)
  const db = await loadDb()
  const create = await db.outbox
    .where('entityId')
    .equals(entityId)
    .filter((e) => e.method === 'POST' && e.resource === CATALOG && e.status !== 'sending')
    .first()
  if (!create) return catalog.queueUpdate({ id: entityId }, input)
  return retryEntry(create.id, { body: input })
}
