import { queryOptions } from '@tanstack/react-query'
import type { DataFormat, DataFormatInput } from '../contract/data-format'
import type { PagedList, UsedBy } from '../contract/envelope'
import { readPage } from '../contract/reading'
import { apiError, dataOrThrow, request } from '../core/http'
import { queryClient } from '../core/query-client'
import { defineResource } from './resource'

export type { DataFormat, DataFormatInput } from '../contract/data-format'
export type { PagedList, UsedBy } from '../contract/envelope'

const READ = '/api/{env}/products/{version}/data-formats'

export interface DataFormatListParams {
  page: number
  limit: number
  q?: string
}

declare module '../core/resources' {
  interface ResourceNames {
    'data-formats': true
  }
}

export const dataFormats = defineResource<DataFormat, DataFormatInput, DataFormatListParams>({
  name: 'data-formats',
  read: READ,
  write: '/api/{env}/internal/products/{version}/data-formats',
  schema: (a) => a.dataFormatAnswer,
  label: (f) => f.name || f.dataFormatCode,
  form: () => '/data-formats/{-$id}/edit',
  fetchList: async (params, { signal, queryKey }) => {
    const offset = (params.page - 1) * params.limit
    const result = await request<DataFormat[]>({
      path: READ,
      query: {
        limit: params.limit,
        offset,
        q: params.q,
        sort: 'updatedAt:desc',
      },
      signal,
      schema: (a) => a.itemListAnswer(a.dataFormatAnswer),
      rows: true,
    })
    // No answer: keep what the cache holds rather than replace it with nothing.
    if (result.status === 0) throw apiError(result)
    if (result.error !== undefined) {
      // A failed data-format list load only logs the message and returns an empty list;
      // a refresh of a list already shown fails instead, so the list and its time stay.
      console.error(result.error)
      const shown = queryClient.getQueryData<PagedList<DataFormat>>(queryKey)
      if (shown && shown.error === undefined) throw apiError(result)
      return { items: [], totalCount: 0, error: result.error }
    }
    const list = Array.isArray(result.data) ? result.data : []
    return { items: list, ...readPage(list.length, result.total, { offset, limit: params.limit }) }
  },
})

export const DATA_FORMATS = dataFormats.name
export const dataFormatKeys = dataFormats.keys
export const dataFormatsQuery = dataFormats.listQuery
export const dataFormatQuery = dataFormats.detailQuery

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
