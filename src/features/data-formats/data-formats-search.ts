import type { PagedListName } from '../../core/resources'
import { pagedSearch } from '../../ui/list-search'

/** The data formats list's address: page and limit only (the platform neither sorts nor filters it). */
// The list's name, not the data-format API module: the routes' search rules load with every first screen.
export const dataFormatsSearch = pagedSearch('data-formats' satisfies PagedListName, {})
