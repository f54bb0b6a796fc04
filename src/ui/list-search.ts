import { z } from '../contract/zod'
import type { PagedListName } from '../core/resources'
import { PAGE_SIZES, readPagination } from './list/pagination'

/** A search value that is dropped when it does not fit, never an error page. */
export const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)

/** Text of up to `max` characters that is not blank; kept as typed. */
export const searchText = (max = 200) => lenient(z.string().refine((v) => v.trim() !== '' && v.length <= max))

/** A page number (1, 2…) and a page size the lists offer. */
export const pageFields = {
  page: lenient(z.coerce.number().int().positive()),
  limit: lenient(z.coerce.number().refine((n) => PAGE_SIZES.includes(n))),
}

/** Optional in links: a link without them lands on the stored page. */
export interface PageSearch {
  page?: number
  limit?: number
}

/**
 * validateSearch of a paged list: its schema's fields, and page and limit from the address, else
 * those stored for the list (`{list}.currentPage`, `{list}.limit`).
 */
export function pagedSearch<Shape extends z.ZodRawShape>(list: PagedListName, shape: Shape) {
  const pages = z.object(pageFields)
  const fields = z.object(shape)
  return (raw: Record<string, unknown>): { [K in keyof Shape]?: z.output<Shape[K]> } & PageSearch => {
    const { page, limit } = pages.parse(raw)
    const stored = readPagination(list)
    return {
      ...(fields.parse(raw) as { [K in keyof Shape]?: z.output<Shape[K]> }),
      page: page ?? stored.currentPage,
      limit: limit ?? stored.limit,
    }
  }
}
