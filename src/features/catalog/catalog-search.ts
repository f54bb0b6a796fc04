import type { CatalogList, CatalogListParams } from '../../api/catalog'
import { oneOf, pagedSearch, searchText } from '../../ui/list-search'
import { SORT_FIELDS, STATUSES } from './catalog-kinds'

export interface CatalogSearch {
  page?: number
  limit?: number
  sortBy?: string
  sortOrder?: 'asc' | 'desc'
  status?: string
  /** The publishing organization. Not `organizationId`: that query parameter sets the current organization. */
  publisher?: string
  q?: string
}

/** validateSearch of a catalog list: page and limit (URL, else `{list}.{field}`), sort, filters, search. */
export function catalogSearch(list: CatalogList): (raw: Record<string, unknown>) => CatalogSearch {
  return pagedSearch(list, {
    sortBy: oneOf(SORT_FIELDS),
    sortOrder: oneOf(['asc']),
    status: oneOf(STATUSES),
    publisher: searchText(100),
    q: searchText(),
  })
}

/** The list parameters a search stands for; sorting defaults to descending by last update. */
export function listParams(search: CatalogSearch): CatalogListParams {
  return {
    page: search.page ?? 1,
    limit: search.limit ?? 10,
    sortBy: search.sortBy ?? 'updatedAt',
    sortOrder: search.sortOrder ?? 'desc',
    status: search.status,
    organizationId: search.publisher,
    q: search.q,
  }
}
