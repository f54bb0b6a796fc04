import { z } from './zod'

/**
 * The platform's answers:
 * - single: `{ success: true, result: entity }`
 * - list: `{ success: true, result: [entity], pagination: { totalCount, limit, offset } }`
 * - itemList families (data formats, tokens): `{ success: true, result: { itemList: [entity] }, pagination }`
 * - error: HTTP status with `{ success: false, message, error: { message, issues? } }`
 * - 412 (stale If-Match): `{ success: false, message, result: currentEntity }`
 */
export const paginationSchema = z.object({
  totalCount: z.number().int().nonnegative(),
  limit: z.number().int().positive().optional(),
  offset: z.number().int().nonnegative().optional(),
})
export type Pagination = z.infer<typeof paginationSchema>

/** A refused field: its path and the rule's message. */
export const issueSchema = z.object({
  path: z.string(),
  message: z.string(),
  /** What was broken, where the message alone does not say it: `unique` for a taken code. */
  rule: z.string().optional(),
})
export type Issue = z.infer<typeof issueSchema>

/** One page of a list as the console holds it: the rows, the total, and the platform's error text if it failed. */
export const pagedListSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** The platform's total; without one, the rows known up to this page's end. */
    totalCount: z.number().int().nonnegative(),
    /** Only when the platform gave no total: whether a next page may hold more (this page was full). */
    more: z.boolean().optional(),
    error: z.string().optional(),
  })
export type PagedList<T> = Omit<z.infer<ReturnType<typeof pagedListSchema>>, 'items'> & { items: T[] }

/** What points at an entity: all are counted, those the caller may see are named. */
export const usedBySchema = z.object({
  count: z.number().int().nonnegative(),
  items: z.array(z.object({ id: z.string(), name: z.string(), type: z.string().optional() })),
})
export type UsedBy = z.infer<typeof usedBySchema>

export const ok = <T>(result: T, pagination?: Pagination) => ({
  success: true as const,
  result,
  ...(pagination ? { pagination } : {}),
})
export const failure = (message: string, extra: { issues?: Issue[]; result?: unknown } = {}) => ({
  success: false as const,
  message,
  error: { message, ...(extra.issues ? { issues: extra.issues } : {}) },
  ...(extra.result !== undefined ? { result: extra.result } : {}),
})
