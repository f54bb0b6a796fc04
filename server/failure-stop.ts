import { isScheduled } from '../src/contract/task'
import { type Env, type Platform, stamp } from './context'
import { writeEvent } from './events'
import { runStateChange } from './run-state'
import { resetSchedule } from './schedule-reset'
import { type Entity, Store } from './store'

/**
 * A task's "stop after N failed runs in a row". Only scheduled runs count: one ending in error, or cut
 * off and not run again, adds one; one ending in success or warning starts the count afresh. A user's
 * "run now" neither counts nor resets (it must not stop a schedule under the user's hands). The count
 * is a field of the task's run state, written with the run's own versioned write, so several
 * processes finishing runs of one task together count each run once; the write that reaches N while
 * the task is scheduled is the one that stops it, so the stop and its event happen once.
 */

/** The task's limit, if it has one the platform can act on. */
export function stopAfterFailuresOf(task: Entity): number | undefined {
  const n = task.stopAfterFailures
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : undefined
}

const countOf = (task: Entity) =>
  typeof task.failedRunsInRow === 'number' && task.failedRunsInRow > 0 ? task.failedRunsInRow : 0

/**
 * The run-state fields a scheduled run ending now writes along: the new count and, when it reaches
 * the task's limit while the task is scheduled, what the user's stop writes (status stopped, not
 * scheduled) and the count that stopped it. `stops` is that count.
 */
export function afterScheduledRun(current: Entity, failed: boolean): { fields: Entity; stops?: number } {
  const count = failed ? countOf(current) + 1 : 0
  const limit = stopAfterFailuresOf(current)
  if (failed && limit !== undefined && count >= limit && isScheduled(current))
    return {
      fields: {
        ...current,
        failedRunsInRow: count,
        status: 'stopped',
        scheduled: false,
        stoppedAfterFailures: limit,
      },
      stops: limit,
    }
  return { fields: { ...current, failedRunsInRow: count } }
}

/** The run-state fields start and stop (and a status a user writes) reset: a fresh count. */
export function withoutFailureCount<T extends Record<string, unknown>>(fields: T): T {
  const { stoppedAfterFailures: _stopped, failedRunsInRow: _count, ...rest } = fields
  return rest as T
}

/** After the write that stopped the schedule: its slots begin afresh, as after a user's stop, and an event says why. */
export async function stoppedByFailures(platform: Platform, env: Env, task: Entity, count: number) {
  await resetSchedule(platform.db, env, task.id)
  await writeEvent(platform, env, undefined, {
    type: 'TASK_STOPPED_AFTER_FAILURES',
    status: 'warning',
    message: `Task ${String(task.name)} stopped after ${count} failed runs in a row`,
    targetType: 'task',
    targetEntityId: task.id,
    taskId: task.id,
    category: 'tasks',
  })
}

/**
 * A scheduled slot that ended without a run of its own to write along (its run threw, or it was cut
 * off and not run again): counted as failed by a versioned write of its own.
 */
export async function countFailedSlot(platform: Platform, env: Env, taskId: string) {
  const tasks = new Store(platform.db, env, 'task')
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const current = await tasks.get(taskId)
    if (!current) return
    const { fields, stops } = afterScheduledRun(current, true)
    const at = await stamp(platform.db, platform.now())
    const written = await tasks.replace(current, { ...fields, ...runStateChange(current, at) }, undefined, at)
    if (written) {
      if (stops !== undefined) await stoppedByFailures(platform, env, written, stops)
      return
    }
  }
}
