import type { CatalogList, CatalogListParams } from '../../api/catalog'
import { pageSearch } from '../../ui/list/pagination'
import { SORT_FIELDS, STATUSES } from './catalog-kinds'

export interface CatalogSearch {
  page?: number
  limit?: number
  sortBy?: string
  sortOrder?: 'asc' | 'desc'
  status?: string
  /** The publishing organization. Not `organizationId`: that query parameter sets the current organization (SPEC §2). */
  publisher?: string
  q?: string
}

const text = (v: unknown, max = 200) => (typeof v === 'string' && v.trim() && v.length <= max ? v : undefined)

/** validateSearch of a catalog list: page and limit (URL, else `{list}.{field}`), sort, filters, search. */
export function catalogSearch(list: CatalogList) {
  const pages = pageSearch(list)
  return (raw: Record<string, unknown>): CatalogSearch => {
    const sortBy = text(raw.sortBy)
    const status = text(raw.status)
    return {
      ...pages(raw),
      sortBy: sortBy && (SORT_FIELDS as readonly string[]).includes(sortBy) ? sortBy : undefined,
      sortOrder: raw.sortOrder === 'asc' ? 'asc' : undefined,
      status: status && (STATUSES as readonly string[]).includes(status) ? status : undefined,
      publisher: text(raw.publisher, 100),
      q: text(raw.q),
    }
  }
}

/** The list parameters a search stands for; sorting defaults to descending by last update (SPEC §9). */
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
