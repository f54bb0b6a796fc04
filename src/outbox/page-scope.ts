import { get, set } from 'idb-keyval'
import { bootStore } from '../core/boot-store'

/**
 * The organization and API version the console's pages last worked in, kept in the boot store for
 * the service worker (which cannot read the pages' localStorage): a change it queues belongs where
 * the pages replay, as the pages replay only the current organization's changes.
 */
export interface PageScope {
  organizationId: string
  version: string
}

const KEY = 'page-scope'

export function keepPageScope(scope: PageScope): Promise<void> {
  return set(KEY, scope, bootStore)
}

export function pageScope(): Promise<PageScope | undefined> {
  return get<PageScope>(KEY, bootStore)
}
