import { MESSAGES } from './messages'
import { fieldsOf } from './reading'
import { alphanumeric, isUrl, limit, MAX_URL, optionalUrl, requiredText, text } from './rules'
import { stamps } from './stamps'
import { z } from './zod'

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

const json = z.record(z.string(), z.unknown())

/** Minute, hour, day of month, month, day of week: each `*`, `n`, `a-b`, with an optional `/step`, comma lists. */
const CRON_FIELDS: { min: number; max: number; names?: string[] }[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  {
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  },
  { min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
]
export const CRON_MESSAGE = 'Please enter a cron schedule of five fields, e.g. "0 2 * * *"'

function cronValue(text: string, field: { min: number; max: number; names?: string[] }): number | undefined {
  const named = field.names?.indexOf(text.toUpperCase()) ?? -1
  if (named >= 0) return named + field.min
  if (!/^\d{1,2}$/.test(text)) return undefined
  const value = Number(text)
  return value >= field.min && value <= field.max ? value : undefined
}

export function isCron(expression: string): boolean {
  if (expression.length > 200) return false
  const parts = expression.trim().split(/\s+/)
  if (parts.length !== 5) return false
  return parts.every((part, i) => {
    const field = CRON_FIELDS[i]
    if (!field) return false
    return part.split(',').every((item) => {
      const [range = '', step, extra] = item.split('/')
      if (extra !== undefined) return false
      if (step !== undefined && !(/^\d{1,2}$/.test(step) && Number(step) >= 1)) return false
      if (range === '*') return true
      const [from = '', to, beyond] = range.split('-')
      if (beyond !== undefined) return false
      const start = cronValue(from, field)
      if (start === undefined) return false
      if (to === undefined) return true
      const end = cronValue(to, field)
      return end !== undefined && end >= start
    })
  })
}

export const CRON_NEVER_MESSAGE = 'This schedule never runs: no month has that day'

/** Days in each month at most (February in a leap year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** The values a cron field allows, or undefined when it is `*` (every value). */
function cronSet(
  part: string,
  field: { min: number; max: number; names?: string[] },
): Set<number> | undefined {
  if (part === '*') return undefined
  const values = new Set<number>()
  for (const item of part.split(',')) {
    const [range = '', stepText] = item.split('/')
    const step = stepText === undefined ? 1 : Number(stepText)
    const [from = '', to] = range.split('-')
    const start = range === '*' ? field.min : (cronValue(from, field) ?? field.min)
    // `*` and `n/step` run to the field's end, `n-m` to m, a lone `n` is itself.
    let end = start
    if (range === '*') end = field.max
    else if (to !== undefined) end = cronValue(to, field) ?? start
    else if (stepText) end = field.max
    for (let v = start; v <= end; v += step) values.add(v)
  }
  return values
}

/**
 * Whether a valid five-field schedule ever runs. Only a day of month that none of its months has
 * (`0 0 31 2 *`) never comes; a restricted day of week runs on its weekdays anyway (cron's "or").
 */
export function cronEverRuns(expression: string): boolean {
  const parts = expression.trim().split(/\s+/)
  if (parts.length !== 5 || !isCron(expression)) return true
  const [, , dayPart = '*', monthPart = '*', weekdayPart = '*'] = parts
  if (weekdayPart !== '*') return true
  const days = cronSet(dayPart, CRON_FIELDS[2] as (typeof CRON_FIELDS)[number])
  const months = cronSet(monthPart, CRON_FIELDS[3] as (typeof CRON_FIELDS)[number])
  if (!days) return true
  const smallest = Math.min(...days)
  return [...(months ?? MONTH_DAYS.map((_, i) => i + 1))].some((m) => smallest <= (MONTH_DAYS[m - 1] ?? 31))
}

/** Whether a valid schedule names this wall-clock minute (day of month or weekday, as cron reads them). */
export function cronNames(
  expression: string,
  at: { minute: number; hour: number; day: number; month: number; weekday: number },
): boolean {
  const parts = expression.trim().split(/\s+/)
  const sets = parts.map((part, i) => cronSet(part, CRON_FIELDS[i] as (typeof CRON_FIELDS)[number]))
  const has = (set: Set<number> | undefined, v: number) => set === undefined || set.has(v)
  const [minutes, hours, days, months, weekdays] = sets
  const weekday = has(weekdays, at.weekday) || (at.weekday === 0 && has(weekdays, 7))
  const day =
    days !== undefined && weekdays !== undefined ? has(days, at.day) || weekday : has(days, at.day) && weekday
  return has(minutes, at.minute) && has(hours, at.hour) && has(months, at.month) && day
}

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

/** Limits the console's form and the platform's validation share (issue 21). */
export const TASK_LIMITS = {
  code: 100,
  description: 10_000,
  productCode: 100,
  token: 4000,
  intervalMs: 366 * 86_400_000,
  concurrentExecutions: 1000,
} as const

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
