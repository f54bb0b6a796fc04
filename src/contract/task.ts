import { cronEverRuns, isCron } from './cron'
import { MESSAGES } from './messages'
import { alphanumeric, isUrl, limit, MAX_URL, optionalUrl, requiredText, text } from './rules'
import { stamps } from './stamps'
import {
  CRON_MESSAGE,
  CRON_NEVER_MESSAGE,
  DETAIL_LEVELS,
  MISSED_RUNS,
  RUN_OUTCOMES,
  STEP_OUTCOMES,
  STOP_AFTER_FAILURES_MESSAGE,
  TASK_LIMITS,
  TASK_STATUSES,
  type TaskStatus,
} from './task-values'
import { z } from './zod'

/** The task's plain values and schedule checks, named here too for the platform and the forms. */
export { cronEverRuns, isCron } from './cron'
export {
  CRON_MESSAGE,
  CRON_NEVER_MESSAGE,
  DETAIL_LEVELS,
  isScheduled,
  MISSED_RUNS,
  type MissedRuns,
  SCHEDULE_LATE_MS,
  STOP_AFTER_FAILURES_MESSAGE,
  TASK_ACTIONS,
  TASK_LIMITS,
  TASK_STATUSES,
  type TaskCommand,
  type TaskStatus,
} from './task-values'

const json = z.record(z.string(), z.unknown())

export const taskActionSchema = z.object({
  actionId: z.string().max(100),
  name: z.string().max(200).optional(),
  input: z.unknown().optional(),
  output: z.unknown().optional(),
  environment: json.optional(),
  enabled: z.boolean().default(true),
  meta: z.unknown().optional(),
})

export const taskNotificationSchema = z.object({
  url: z
    .string()
    .max(MAX_URL, limit())
    .refine((v) => isUrl(v), MESSAGES.url)
    .optional(),
  internal: z.boolean().default(false),
  sendOnError: z.boolean().default(true),
  sendOnSuccess: z.boolean().default(false),
  detailLevel: z.enum(DETAIL_LEVELS, { error: () => MESSAGES.enum }).default('simple'),
  type: z.string().max(50).optional(),
})

export const taskJobSchema = z.object({
  id: z.string().max(100).optional(),
  schedule: z
    .string()
    .trim()
    .max(200, limit())
    .refine(isCron, CRON_MESSAGE)
    .refine(cronEverRuns, CRON_NEVER_MESSAGE),
  timeZone: z.string().max(100).optional(),
})

/**
 * The rules of the text fields a user edits, one set for the console's form and the platform's
 * validation: the form must never refuse what the platform holds, nor accept what it refuses.
 */
export const TASK_RULES = {
  name: requiredText().max(200, MESSAGES.tooLong),
  description: text(TASK_LIMITS.description),
  productCode: text(TASK_LIMITS.productCode),
  imageUrl: optionalUrl(),
  token: text(TASK_LIMITS.token),
} as const

/**
 * The task's secrets are write-only: a write sets one (a text), removes it (an empty text) or keeps
 * it (absent); an answer never carries one, only `{field}Set` saying whether it is set.
 */
export { secretSetField, TASK_SECRETS, type TaskSecret } from './task-secrets'

/** A task: a scheduled job that runs connector actions. */
export const taskInputSchema = z.object({
  name: TASK_RULES.name,
  code: alphanumeric(TASK_LIMITS.code).optional(),
  description: TASK_RULES.description.optional(),
  productCode: TASK_RULES.productCode.optional(),
  imageUrl: TASK_RULES.imageUrl.optional(),
  interval: z.number().int().min(0).max(TASK_LIMITS.intervalMs, MESSAGES.tooLarge).optional(),
  requestParameters: json.optional(),
  appAccessToken: TASK_RULES.token.optional(),
  clientSecret: TASK_RULES.token.optional(),
  hookToken: TASK_RULES.token.optional(),
  concurrentExecutions: z
    .number()
    .int()
    .min(0)
    .max(TASK_LIMITS.concurrentExecutions, MESSAGES.tooLarge)
    .default(0),
  asyncResponse: z.boolean().default(false),
  /** What runs after slots missed while no platform process ran; absent means once. */
  missedRuns: z.enum(MISSED_RUNS, { error: () => MESSAGES.enum }).optional(),
  /** How many scheduled runs ending in error in a row stop the schedule; absent or null: never. */
  stopAfterFailures: z
    .number({ error: () => STOP_AFTER_FAILURES_MESSAGE })
    .int(STOP_AFTER_FAILURES_MESSAGE)
    .min(1, STOP_AFTER_FAILURES_MESSAGE)
    .max(TASK_LIMITS.stopAfterFailures, STOP_AFTER_FAILURES_MESSAGE)
    .nullable()
    .optional(),
  status: z.enum(TASK_STATUSES, { error: () => MESSAGES.enum }).default('stopped'),
  actions: z.array(taskActionSchema).max(100).default([]),
  notifications: z.array(taskNotificationSchema).max(20).default([]),
  jobs: z.array(taskJobSchema).max(50).default([]),
})
/** The update is a PUT without the `jobs` field; without a status the task keeps its own. */
export const taskUpdateSchema = taskInputSchema
  .omit({ jobs: true })
  .extend({ status: z.enum(TASK_STATUSES, { error: () => MESSAGES.enum }).optional() })
/** What the console sends: the platform's defaults filled in; without a status the platform chooses it. */
export type TaskInput = Omit<z.infer<typeof taskInputSchema>, 'status'> & { status?: TaskStatus }
export type TaskNotification = z.infer<typeof taskNotificationSchema>

/** A task as the platform answers it: its fields but the secrets, the last run's outcome and the stamps. */
export const taskSchema = taskInputSchema
  .omit({ appAccessToken: true, clientSecret: true, hookToken: true })
  .extend({
    id: z.string(),
    appAccessTokenSet: z.boolean().optional(),
    clientSecretSet: z.boolean().optional(),
    hookTokenSet: z.boolean().optional(),
    lastRun: z.object({ at: z.string(), outcome: z.enum(RUN_OUTCOMES), result: z.string() }).optional(),
    /** Set by start and stop: the schedule runs until stopped, whatever its runs end in. */
    scheduled: z.boolean().optional(),
    /** Scheduled runs ended in error (or cut off) since the last that did not, counted by the platform. */
    failedRunsInRow: z.number().int().optional(),
    /** Set when the schedule was stopped by `stopAfterFailures`: the count that stopped it. */
    stoppedAfterFailures: z.number().int().optional(),
    /** When the next scheduled slot is due (read answers of a scheduled task): past it, the task is late. */
    nextRunAt: z.string().optional(),
    ...stamps,
    /** When the definition (what a user edits) and the run state (status, lastRun) last changed. */
    definitionUpdatedAt: z.string().optional(),
    stateUpdatedAt: z.string().optional(),
  })
export type Task = z.infer<typeof taskSchema>

/** One run of a task and what each of its actions did. */
export const taskRunSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number(),
  outcome: z.enum(RUN_OUTCOMES),
  result: z.string(),
  trigger: z.enum(['manual', 'schedule']).optional(),
  steps: z
    .array(
      z.object({
        actionId: z.string(),
        name: z.string(),
        outcome: z.enum(STEP_OUTCOMES),
        message: z.string(),
      }),
    )
    .optional(),
  ...stamps,
})
export type TaskRun = z.infer<typeof taskRunSchema>

/** An action a task may run, with the options its form asks for. */
export const actionSchemaSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  /** `values`: the allowed values of an option with the enum rule. */
  options: z.array(
    z.object({ title: z.string(), rules: z.array(z.string()), values: z.array(z.string()).optional() }),
  ),
})
export type ActionSchema = z.infer<typeof actionSchemaSchema>
