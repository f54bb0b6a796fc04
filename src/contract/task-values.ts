/**
 * A task's enumerated values, limits and schedule state, and the texts of its schedule checks: kept
 * apart from the task's schemas so that the task list and the error texts name them without loading zod.
 */
import { fieldsOf } from './reading'

export const TASK_STATUSES = ['stopped', 'running', 'error', 'warning'] as const
/**
 * Whether a task's schedule runs: from start until stop, whatever its runs end in (its status tells
 * that). A task stored before `scheduled` existed is scheduled while its status is running.
 */
export function isScheduled(task: object): boolean {
  const { scheduled, status } = fieldsOf(task)
  return typeof scheduled === 'boolean' ? scheduled : status === 'running'
}
/** A scheduled slot this much overdue is missed (the task's policy decides) and the task shows as late. */
export const SCHEDULE_LATE_MS = 60_000

/** Whether a scheduled task's next slot is overdue at `now`: no platform process has run it. */
export function isLate(task: object, now: number): boolean {
  const { nextRunAt } = fieldsOf(task)
  return typeof nextRunAt === 'string' && isScheduled(task) && Date.parse(nextRunAt) + SCHEDULE_LATE_MS < now
}

/** What runs of the slots missed while no platform process ran: none, one, or each (default one). */
export const MISSED_RUNS = ['skip', 'once', 'all'] as const
export type MissedRuns = (typeof MISSED_RUNS)[number]
export const TASK_ACTIONS = ['start', 'stop', 'run'] as const
export const DETAIL_LEVELS = ['full', 'simple', 'result-only'] as const
export const RUN_OUTCOMES = ['success', 'error', 'warning'] as const
/** An action of a run: done, failed, or skipped after an earlier one failed. */
export const STEP_OUTCOMES = ['success', 'error', 'skipped'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]
export type TaskCommand = (typeof TASK_ACTIONS)[number]

/** Limits the console's form and the platform's validation share. */
export const TASK_LIMITS = {
  code: 100,
  description: 10_000,
  productCode: 100,
  token: 4000,
  intervalMs: 366 * 86_400_000,
  concurrentExecutions: 1000,
  stopAfterFailures: 100,
} as const

/** What the platform and the form say of a "stop after N failed runs in a row" outside 1..100. */
export const STOP_AFTER_FAILURES_MESSAGE = 'Enter a whole number from 1 to 100'

export const CRON_MESSAGE = 'Please enter a cron schedule of five fields, e.g. "0 2 * * *"'
export const CRON_NEVER_MESSAGE = 'This schedule never runs: no month has that day'
