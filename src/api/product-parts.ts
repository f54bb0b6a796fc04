import { queryOptions } from '@tanstack/react-query'
import { buildPath, dataOrThrow, request } from '../core/http'
import { queueLater } from '../outbox/queue-later'
import { CATALOG, catalogKeys } from './catalog'

/** Task and meta data attached to a source (GET and PUT /{id}/task, /{id}/meta). */
export type ProductPart = 'task' | 'meta'
export type JsonObject = Record<string, unknown>

/**
 * Saves share the catalog's outbox resource: replayed in order with the product's own edits, each
 * later change based on the version the previous one returned, and the catalog's screens refreshed.
 */
export const PRODUCTS_RESOURCE = CATALOG
const ONE = '/api/{env}/products/{version}/{id}'

/** Whether a queued change is a save of a source's task or meta data, not of the source itself. */
export const isProductPartChange = (entry: { method: string; path: string }) =>
  entry.method === 'PUT' && /\/(task|meta)$/.test(entry.path)

export const productPartKeys = {
  part: (id: string, part: ProductPart) => [...catalogKeys.all(), 'part', id, part] as const,
}

export const productPartQuery = (id: string, part: ProductPart) =>
  queryOptions({
    queryKey: productPartKeys.part(id, part),
    queryFn: async ({ signal }) => {
      const data = dataOrThrow(
        await request<Partial<Record<ProductPart, JsonObject>>>({
          path: `${ONE}/${part}`,
          params: { id },
          signal,
          schema: (a) => a.objectAnswer,
        }),
      )
      return data[part] ?? {}
    },
  })

export function queueProductPart(
  id: string,
  part: ProductPart,
  value: JsonObject,
  baseVersion: string | undefined,
  label: string,
) {
  return queueLater({
    method: 'PUT',
    path: buildPath(`${ONE}/${part}`, { id }),
    body: { [part]: value },
    resource: PRODUCTS_RESOURCE,
    entityId: id,
    baseVersion,
    label,
  })
}
