import type { CatalogList, CatalogListParams } from '../../api/catalog'
import type { MenuDeclaration } from '../../shell/menu-items'
import { oneOf, type PageShown, pagedSearch, type SearchField, searchText } from '../../ui/list-search'
import { SORT_FIELDS, STATUSES } from './catalog-paths'

/** A catalog list's filters and sort in its address, as the screens set them. */
interface CatalogFilterSearch {
  sortBy?: string
  sortOrder?: 'asc' | 'desc'
  status?: string
  /** The publishing organization. Not `organizationId`: that query parameter sets the current organization. */
  publisher?: string
  q?: string
}

/** A catalog list's address as its route reads it: page and limit always there. */
export type CatalogSearch = CatalogFilterSearch & PageShown

/** validateSearch of a catalog list: page and limit (URL, else `{list}.{field}`), sort, filters, search. */
export function catalogSearch(list: CatalogList) {
  const fields: { [K in keyof CatalogFilterSearch]-?: SearchField<NonNullable<CatalogFilterSearch[K]>> } = {
    sortBy: oneOf(SORT_FIELDS),
    sortOrder: oneOf(['asc']),
    status: oneOf(STATUSES),
    publisher: searchText(100),
    q: searchText(),
  }
  return pagedSearch(list, fields)
}

/**
 * What the five catalog list routes share: the menu entry, the address, and the list it stands for.
 * The loader and the screen stay in each route file, so that the router splits them out of the first load.
 */
export function catalogListRoute(list: CatalogList, menu: MenuDeclaration) {
  return {
    staticData: { menu },
    validateSearch: catalogSearch(list),
    loaderDeps: ({ search }: { search: CatalogSearch }) => listParams(search),
  }
}

/** The list parameters a search stands for; sorting defaults to descending by last update. */
export function listParams(search: CatalogSearch): CatalogListParams {
  return {
    page: search.page,
    limit: search.limit,
    sortBy: search.sortBy ?? 'updatedAt',
    sortOrder: search.sortOrder ?? 'desc',
    status: search.status,
    organizationId: search.publisher,
    q: search.q,
  }
}
