import type { PagedListName } from '../../core/resources'
import { clippedText, matching, pagedSearch, positiveInt, searchSchema, sizeOf } from '../../ui/list-search'

/** The tasks list's address: page and limit, `field:direction` sort, statuses (a,b), free text. */
// The list's name, not the tasks API module: the routes' search rules load with every first screen.
export const tasksSearch = pagedSearch('tasks' satisfies PagedListName, {
  sort: matching(/^(updatedAt|createdAt|name|status):(asc|desc)$/),
  status: matching(/^(stopped|running|error|warning)(,(stopped|running|error|warning))*$/),
  q: clippedText(200),
})

/** A task's run history, paged in the address next to the task (not stored: each task starts at 1). */
export const RUN_SIZES = [5, 10, 20, 50]
export const runsSearch = searchSchema({ runsPage: positiveInt, runsLimit: sizeOf(RUN_SIZES) })
export type RunsSearch = ReturnType<typeof runsSearch>
