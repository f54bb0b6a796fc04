import type { CatalogList } from '../../core/resources'

// Apart from the catalog kinds' titles: the routes' search and the menus need only these, and the
// titles' messages stay out of the chunk every screen starts with.

/** Where a catalog entity is edited: `/sources/{id}/edit` for a source, and so on. */
export const editPath = (list: CatalogList) => `/${list}/$id/edit` as const
export const listPath = (list: CatalogList) => `/${list}` as const
export const createPath = (list: CatalogList) => `/${list}/create` as const

export const STATUSES = ['draft', 'published', 'archived'] as const
export const SORT_FIELDS = ['updatedAt', 'createdAt', 'name', 'productCode', 'status'] as const
