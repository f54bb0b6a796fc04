import { queryOptions } from '@tanstack/react-query'
import { queueForCurrentScope } from '../offline/queue'
import { buildPath, dataOrThrow, request } from './http'
import { scopeKey } from './keys'

/** Task and meta data attached to a source (SPEC §3, §7: GET and PUT /{id}/task, /{id}/meta). */
export type ProductPart = 'task' | 'meta'
export type JsonObject = Record<string, unknown>

/**
 * Saves share the products family with the catalog's own edits: replayed in order per product, each
 * later change based on the version the previous one returned, and screens of products refreshed.
 */
export const PRODUCTS_RESOURCE = 'products'
const ONE = '/api/{env}/products/{version}/{id}'

export const productPartKeys = {
  part: (id: string, part: ProductPart) => [...scopeKey(), PRODUCTS_RESOURCE, id, part] as const,
  version: (id: string) => [...scopeKey(), PRODUCTS_RESOURCE, id, 'version'] as const,
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
        }),
      )
      return data[part] ?? {}
    },
  })

/** The product's name and version: a save is based on it (If-Match), so a newer edit is a conflict, not lost. */
export const productVersionQuery = (id: string) =>
  queryOptions({
    queryKey: productPartKeys.version(id),
    queryFn: async ({ signal }) => {
      const data = dataOrThrow(
        await request<{ name?: string; updatedAt?: string }>({ path: ONE, params: { id }, signal }),
      )
      return { name: data.name ?? '', updatedAt: data.updatedAt }
    },
  })

export function queueProductPart(
  id: string,
  part: ProductPart,
  value: JsonObject,
  baseVersion: string | undefined,
  label: string,
) {
  return queueForCurrentScope({
    method: 'PUT',
    path: buildPath(`${ONE}/${part}`, { id }),
    body: { [part]: value },
    resource: PRODUCTS_RESOURCE,
    entityId: id,
    baseVersion,
    label,
  })
}
