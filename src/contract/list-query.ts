import { z } from './zod'

/** List parameters: limit, offset, `sort=field:direction` (default descending), `in:a,b` filters. */
export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z
    .string()
    .max(100, { abort: true })
    .regex(/^\w+(:(asc|desc))?$/i, 'sort must be field:asc or field:desc')
    .optional(),
  sortBy: z.string().max(100, { abort: true }).regex(/^\w+$/).optional(),
  sortOrder: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional(),
  q: z.string().max(200).optional(),
  type: z.string().max(100).optional(),
  status: z.string().max(200).optional(),
  organizationId: z.string().max(100).optional(),
})
export type ListQuery = z.infer<typeof listQuerySchema>

/** `in:a,b` → ['a', 'b']; a plain value → [value]. */
export function parseIn(value: string | undefined): string[] | undefined {
  if (!value) return undefined
  const list = value.startsWith('in:') ? value.slice(3) : value
  return list
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
}

export function parseSort(
  query: ListQuery,
  fallback = 'updatedAt',
): { field: string; direction: 'asc' | 'desc' } {
  if (query.sort) {
    const [field = fallback, direction = 'desc'] = query.sort.split(':')
    return { field, direction: direction.toLowerCase() === 'asc' ? 'asc' : 'desc' }
  }
  return {
    field: query.sortBy ?? fallback,
    direction: query.sortOrder?.toLowerCase() === 'asc' ? 'asc' : 'desc',
  }
}
