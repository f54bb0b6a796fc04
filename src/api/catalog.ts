import { queryOptions } from '@tanstack/react-query'
import type { PagedList, UsedBy } from '../contract/envelope'
import type { Product, ProductInput, ProductType } from '../contract/product'
import { fieldsOf, isUnreadable, readName, readPage } from '../contract/reading'
import { apiError, dataOrThrow, notProvided, request } from '../core/http'
import { LIST_KEY } from '../core/keys'
import { queryClient } from '../core/query-client'
import { CATALOG_LIST_NAMES, CATALOG_LISTS, type CatalogList } from '../core/resources'
import { defineResource } from './resource'

export type { PagedList } from '../contract/envelope'
export type { Product, ProductType } from '../contract/product'

export { CATALOG_LISTS, type CatalogList } from '../core/resources'

const listWith = (type: unknown): CatalogList =>
  CATALOG_LIST_NAMES.find((list) => CATALOG_LISTS[list] === type) ?? 'products'
export const listOfType = (type: ProductType): CatalogList => listWith(type)

/** The catalog list whose form edits an entity of this type (a product when the change does not say). */
export const catalogListOf = (body: unknown): CatalogList => listWith(fieldsOf(body).type)

export interface CatalogListParams {
  page: number
  limit: number
  sortBy: string
  sortOrder: 'asc' | 'desc'
  status?: string
  organizationId?: string
  q?: string
}

const READ = '/api/{env}/products/{version}'
const WRITE = '/api/{env}/internal/products/{version}'

declare module '../core/resources' {
  interface ResourceNames {
    catalog: true
  }
}

/** Every catalog entity is a platform product: one outbox resource, so a sync refreshes all lists. */
export const catalog = defineResource<Product, ProductInput, CatalogListParams & { type: ProductType }>({
  name: 'catalog',
  read: READ,
  write: WRITE,
  // Deletion lives on the public products path; updates are a PATCH on the internal one.
  deletePath: READ,
  update: 'PATCH',
  schema: (a) => a.productAnswer,
  label: (p) => p.name || p.productCode,
  form: (body) => `/${catalogListOf(body)}/$id/edit`,
  listKey: ({ type, ...params }) => [listOfType(type), type, LIST_KEY, params],
  fetchList: ({ type, ...params }, { signal }) => fetchCatalogList(type, params, signal),
})
export const CATALOG = catalog.name

export const catalogKeys = {
  ...catalog.keys,
  lists: (type: ProductType) => [...catalog.keys.all(), listOfType(type), type, LIST_KEY] as const,
  list: (type: ProductType, params: CatalogListParams) => catalog.keys.list({ type, ...params }),
  options: (what: string) => [...catalog.keys.all(), 'options', what] as const,
}

/** The cache holds a list fetched well for this key: a failed refresh must not replace it. */
function keepsShownList(key: readonly unknown[]): boolean {
  const shown = queryClient.getQueryData<PagedList<unknown>>(key)
  return shown !== undefined && shown.error === undefined
}

export async function fetchCatalogList(
  type: ProductType,
  params: CatalogListParams,
  signal?: AbortSignal,
): Promise<PagedList<Product>> {
  const result = await request<Product[]>({
    path: READ,
    query: {
      type,
      limit: params.limit,
      offset: (params.page - 1) * params.limit,
      sortBy: params.sortBy,
      sortOrder: params.sortOrder,
      status: params.status || undefined,
      organizationId: params.organizationId || undefined,
      q: params.q || undefined,
    },
    signal,
    schema: (a) => a.listOf(a.productAnswer),
    rows: true,
  })
  // No answer: keep what the cache holds rather than replace it with nothing.
  if (result.status === 0) throw apiError(result)
  if (result.error !== undefined) {
    // A failed product list load only logs the message and returns an empty list;
    // a refresh of a list already shown fails instead, so the list and its time stay.
    console.error(result.error)
    if (keepsShownList(catalogKeys.list(type, params))) throw apiError(result)
    return { items: [], totalCount: 0, error: result.error }
  }
  const items = Array.isArray(result.data) ? result.data : []
  const page = { offset: (params.page - 1) * params.limit, limit: params.limit }
  return { items, ...readPage(items.length, result.total, page) }
}

export const catalogListQuery = (type: ProductType, params: CatalogListParams) =>
  catalog.listQuery({ type, ...params })
export const catalogItemQuery = catalog.detailQuery

export interface Option {
  value: string
  label: string
}

/** Autocomplete options of one catalog type (connectors, templates, transformers), from the list endpoint. */
export const catalogOptionsQuery = (type: ProductType) =>
  queryOptions({
    queryKey: catalogKeys.options(type),
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<Option[]> => {
      const list = await fetchCatalogList(
        type,
        { page: 1, limit: 200, sortBy: 'name', sortOrder: 'asc' },
        signal,
      )
      return list.items
        .filter((p) => !isUnreadable(p))
        .map((p) => ({ value: p.id, label: p.name || p.productCode }))
    },
  })

/** Quality attribute names and protocols (product sub-resources), as autocomplete options. */
const namedOptions = (what: 'quality-attributes' | 'protocols', limit: number) =>
  queryOptions({
    queryKey: catalogKeys.options(what),
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<Option[]> => {
      const result = await request<{ id: string; name: string }[]>({
        path: `${READ}/${what}`,
        query: { limit },
        signal,
        schema: (a) => a.listOf(a.namedAnswer),
      })
      // A collection the platform does not provide leaves the field to free text.
      if (notProvided(result.status)) return []
      const data = dataOrThrow(result)
      return (Array.isArray(data) ? data : []).map((o) => ({ value: String(o.id), label: readName(o) }))
    },
  })
export const qualityAttributeOptionsQuery = () => namedOptions('quality-attributes', 1000)
export const protocolOptionsQuery = () => namedOptions('protocols', 100)

/** What uses a catalog item (items naming it, its contracts), asked afresh each time a delete is considered. */
export const catalogUsedByQuery = (id: string) =>
  queryOptions({
    queryKey: [...catalogKeys.all(), 'used-by', id] as const,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    queryFn: async ({ signal }) =>
      dataOrThrow(await request<UsedBy>({ path: `${READ}/{id}/used-by`, params: { id }, signal })),
  })
