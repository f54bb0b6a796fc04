import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { DataFormat, DataFormatInput } from '../contract/data-format'
import type { PagedList, UsedBy } from '../contract/envelope'
import { apiError, buildPath, dataOrThrow, request } from '../core/http'
import { LIST_KEY, resourceKey } from '../core/keys'
import { queryClient } from '../core/query-client'
import { RESOURCES } from '../core/resources'
import { queueForCurrentScope } from '../outbox/queue'

export type { DataFormat, DataFormatInput } from '../contract/data-format'
export type { PagedList, UsedBy } from '../contract/envelope'

const READ = '/api/{env}/products/{version}/data-formats'
const WRITE = '/api/{env}/internal/products/{version}/data-formats'
export const DATA_FORMATS = RESOURCES.dataFormats

export const dataFormatKeys = {
  all: () => resourceKey(DATA_FORMATS),
  list: (params: { page: number; limit: number; q?: string }) =>
    [...dataFormatKeys.all(), LIST_KEY, params] as const,
  detail: (id: string) => [...dataFormatKeys.all(), 'detail', id] as const,
}

export const dataFormatsQuery = (params: { page: number; limit: number; q?: string }) =>
  queryOptions({
    queryKey: dataFormatKeys.list(params),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal, queryKey }): Promise<PagedList<DataFormat>> => {
      const result = await request<{ itemList?: DataFormat[] }>({
        path: READ,
        query: {
          limit: params.limit,
          offset: (params.page - 1) * params.limit,
          q: params.q,
          sort: 'updatedAt:desc',
        },
        signal,
        schema: (a) => a.itemListAnswer(a.dataFormatAnswer),
      })
      // No answer: keep what the cache holds rather than replace it with nothing.
      if (result.status === 0) throw apiError(result)
      if (result.error !== undefined) {
        // SPEC §8: a failed data-format list load only logs the message and returns an empty list;
        // a refresh of a list already shown fails instead, so the list and its time stay.
        console.error(result.error)
        const shown = queryClient.getQueryData<PagedList<DataFormat>>(queryKey)
        if (shown && shown.error === undefined) throw apiError(result)
        return { items: [], totalCount: 0, error: result.error }
      }
      const list = result.data?.itemList ?? []
      const total = result.pagination?.totalCount
      return { items: list, totalCount: typeof total === 'number' ? total : list.length }
    },
  })

/** A row of a cached list stands in for the detail until it is fetched (and offline, for good). */
export function fromLists(id: string): { data: DataFormat; updatedAt: number } | undefined {
  for (const query of queryClient
    .getQueryCache()
    .findAll({ queryKey: [...dataFormatKeys.all(), LIST_KEY] })) {
    const item = (query.state.data as PagedList<DataFormat> | undefined)?.items.find((f) => f.id === id)
    if (item) return { data: item, updatedAt: query.state.dataUpdatedAt }
  }
  return undefined
}

/** Asked afresh each time a delete is considered: another user may have just pointed at it. */
export const dataFormatUsedByQuery = (id: string) =>
  queryOptions({
    queryKey: [...dataFormatKeys.all(), 'used-by', id] as const,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    queryFn: async ({ signal }) =>
      dataOrThrow(await request<UsedBy>({ path: `${READ}/{id}/used-by`, params: { id }, signal })),
  })

export const dataFormatQuery = (id: string) =>
  queryOptions({
    queryKey: dataFormatKeys.detail(id),
    initialData: () => fromLists(id)?.data,
    initialDataUpdatedAt: () => fromLists(id)?.updatedAt,
    queryFn: async ({ signal }) =>
      dataOrThrow(
        await request<DataFormat>({
          path: `${READ}/{id}`,
          params: { id },
          signal,
          schema: (a) => a.dataFormatAnswer,
        }),
      ),
  })

/** Writes go through the outbox: stored first, sent when the platform is reachable. */
export function queueDataFormatCreate(entityId: string, input: DataFormatInput) {
  return queueForCurrentScope({
    method: 'POST',
    path: buildPath(WRITE),
    body: input,
    resource: DATA_FORMATS,
    entityId,
    label: input.name || input.dataFormatCode,
  })
}

export function queueDataFormatUpdate(current: DataFormat, input: DataFormatInput) {
  return queueForCurrentScope({
    method: 'PUT',
    path: buildPath(`${WRITE}/{id}`, { id: current.id }),
    body: input,
    resource: DATA_FORMATS,
    entityId: current.id,
    baseVersion: current.updatedAt,
    label: input.name || input.dataFormatCode,
  })
}

export function queueDataFormatDelete(current: DataFormat) {
  return queueForCurrentScope({
    method: 'DELETE',
    path: buildPath(`${WRITE}/{id}`, { id: current.id }),
    resource: DATA_FORMATS,
    entityId: current.id,
    baseVersion: current.updatedAt,
    label: current.name || current.dataFormatCode,
  })
}
