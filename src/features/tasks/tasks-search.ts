import { TASKS } from '../../api/tasks'
import { z } from '../../contract/zod'
import { lenient, pagedSearch } from '../../ui/list-search'

/** The tasks list's address: page and limit, `field:direction` sort, statuses (a,b), free text. */
export const tasksSearch = pagedSearch(TASKS, {
  sort: lenient(z.string().regex(/^(updatedAt|createdAt|name|status):(asc|desc)$/)),
  status: lenient(z.string().regex(/^(stopped|running|error|warning)(,(stopped|running|error|warning))*$/)),
  q: lenient(
    z
      .string()
      .min(1)
      .transform((v) => v.slice(0, 200)),
  ),
})
export type TasksSearch = ReturnType<typeof tasksSearch>

/** A task's run history, paged in the address next to the task (not stored: each task starts at 1). */
export const RUN_SIZES = [5, 10, 20, 50]
export const runsSearch = z.object({
  runsPage: lenient(z.coerce.number().int().positive()),
  runsLimit: lenient(z.coerce.number().refine((n) => RUN_SIZES.includes(n))),
})
export type RunsSearch = z.infer<typeof runsSearch>
