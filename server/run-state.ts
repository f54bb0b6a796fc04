import type { Task } from '../src/contract/task'
import type { Entity } from './store'

/**
 * A task's definition (what a user edits) is versioned apart from its run state (what the platform
 * changes by itself: each run's `lastRun`, the `status` set by a run or by start and stop, `scheduled`,
 * the count of failed runs in a row).
 * `updatedAt` stays the entity's last change and its ETag; `definitionUpdatedAt` and `stateUpdatedAt`
 * say when each part last changed, so a change made on an older `updatedAt` is stale only when what it
 * touches changed since.
 */
export const TASK_RUN_STATE = [
  'status',
  'lastRun',
  'scheduled',
  'failedRunsInRow',
  'stoppedAfterFailures',
] as const

export type Versioned = Pick<Task, 'definitionUpdatedAt' | 'stateUpdatedAt'>

/** The fields of a run-state change (a run, start, stop) made at `at`: the definition keeps its version. */
export function runStateChange(current: Entity, at: string): Versioned {
  return {
    definitionUpdatedAt: (current.definitionUpdatedAt as string | undefined) ?? current.updatedAt,
    stateUpdatedAt: at,
  }
}

/** The fields of a definition change made at `at` (a create, a user's update). */
export function definitionChange(current: Entity | undefined, at: string, touchesState: boolean): Versioned {
  return {
    definitionUpdatedAt: at,
    stateUpdatedAt:
      touchesState || !current ? at : ((current.stateUpdatedAt as string | undefined) ?? current.updatedAt),
  }
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/**
 * Whether a change based on version `base` (an earlier `updatedAt` of this entity) meets what changed
 * since in what it touches: the definition always, the run state when the change sets one of its
 * fields. A base the platform cannot have given (not a timestamp, newer than the entity) is stale.
 */
export function changedSince(current: Entity, base: string, touched: string[], runState: readonly string[]) {
  if (base === current.updatedAt) return false
  const definedAt = current.definitionUpdatedAt
  if (typeof definedAt !== 'string' || !ISO.test(base) || base > current.updatedAt) return true
  if (base < definedAt) return true
  if (!touched.some((field) => runState.includes(field))) return false
  const stateAt = typeof current.stateUpdatedAt === 'string' ? current.stateUpdatedAt : current.updatedAt
  return base < stateAt
}
