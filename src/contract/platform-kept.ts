/** Stamps and the names the platform derives from them: never edited, never sent back, never a conflict. */
export const PLATFORM_STAMPS = [
  'id',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'createdByName',
  'updatedByName',
] as const

/** A task's versions of its parts and its schedule's state: set by the platform, start, stop and runs. */
export const TASK_KEPT = [
  'definitionUpdatedAt',
  'stateUpdatedAt',
  'scheduled',
  'nextRunAt',
  'failedRunsInRow',
  'stoppedAfterFailures',
] as const

/** Every field the platform keeps by itself: never a user's change, never a conflict. */
export const PLATFORM_KEPT: ReadonlySet<string> = new Set<string>([...PLATFORM_STAMPS, ...TASK_KEPT])
