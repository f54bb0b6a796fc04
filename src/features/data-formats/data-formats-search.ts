import { DATA_FORMATS } from '../../api/data-formats'
import { pagedSearch } from '../../ui/list-search'

/** The data formats list's address: page and limit only (the platform neither sorts nor filters it). */
export const dataFormatsSearch = pagedSearch(DATA_FORMATS, {})
