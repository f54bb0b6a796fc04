import { z } from './zod'

/**
 * The platform's answers (SPEC §7):
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

export interface Issue {
  path: string
  message: string
  /** What was broken, where the message alone does not say it: `unique` for a taken code. */
  rule?: string
}

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
