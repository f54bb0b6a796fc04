import { useQuery } from '@tanstack/react-query'
import type { Entity, Resource } from '../../api/resource'
import type { PagedList } from '../../contract/envelope'
import { newer } from '../../core/keys'
import type { OutboxEntry } from '../../outbox/db'
import { isLocalId } from '../../outbox/ids'
import { applyPending, applyPendingTo, type SentOverlay } from '../../outbox/pending'
import { useOverlay, useResolvedId } from '../../outbox/use-outbox'

// biome-ignore lint/suspicious/noExplicitAny: any input and list parameters
type AnyResource<T extends Entity> = Resource<T, any, any>

/**
 * The change of this entity the platform refused (failed or in conflict), if any (here, not with the
 * form's answers, so that a list screen does not load the forms' code); `ofForm` keeps only
 * the changes the form itself makes (not those of parts saved beside it, such as a source's meta data).
 */
export const refusedOf = (
  entries: OutboxEntry[],
  entityId: string | undefined,
  ofForm: (entry: OutboxEntry) => boolean = () => true,
) =>
  entries.find(
    (e) =>
      e.entityId === entityId &&
      (e.status === 'failed' || e.status === 'conflict') &&
      // A refused command (a queued run) is no form's input.
      !e.command &&
      ofForm(e),
  )

/**
 * One entity for a detail or edit screen: the route's id resolved (a local id becomes the platform's
 * once its create is sent), its query (not sent for a local id), a cached list row standing in, this
 * device's queued and accepted changes laid over it, and the refused change of it, if any.
 */
export function useEntity<T extends Entity>(
  resource: AnyResource<T>,
  routeId: string | undefined,
  options: { ofForm?: (entry: OutboxEntry) => boolean } = {},
) {
  const id = useResolvedId(resource.name, routeId)
  const local = id !== undefined && isLocalId(id)
  const query = useQuery({ ...resource.detailQuery(id ?? ''), enabled: id !== undefined && !local })
  const row = id ? resource.fromLists(id) : undefined
  const { pending, sent } = useOverlay(resource.name, Math.max(query.dataUpdatedAt, row?.updatedAt ?? 0))
  const current = id
    ? applyPendingTo<T>(newer(query.data, row?.data), id, pending, resource.name, sent)
    : undefined
  const refused = refusedOf(pending, id, options.ofForm)
  return { id, local, query, current, pending, refused }
}

/**
 * One page of a list for a list screen, with this device's queued changes on top (marked) and its
 * accepted changes since the fetch laid over; `only` keeps the changes that belong to this list.
 */
export function useList<T extends Entity, Params>(
  // biome-ignore lint/suspicious/noExplicitAny: any input
  resource: Resource<T, any, Params>,
  params: Params,
  options: {
    only?: <E extends Pick<OutboxEntry, 'method' | 'body'>>(entries: E[]) => E[]
    order?: (items: T[]) => T[]
  } = {},
) {
  const query = useQuery(resource.listQuery(params))
  const overlay = useOverlay(resource.name, query.dataUpdatedAt)
  const only = options.only ?? ((entries) => entries)
  const pending = only(overlay.pending)
  const sent: SentOverlay = { ...overlay.sent, rows: only(overlay.sent.rows) }
  const fetched = (query.data as PagedList<T> | undefined)?.items ?? []
  const items = applyPending(options.order ? options.order(fetched) : fetched, pending, resource.name, sent)
  return { query, items, total: (query.data as PagedList<T> | undefined)?.totalCount, pending }
}
