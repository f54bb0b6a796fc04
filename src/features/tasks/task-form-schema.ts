import type { ActionSchema, Task, TaskInput } from '../../api/tasks'
import { changedFields, mergeEdit, mergeItems } from '../../contract/edit-body'
import { MESSAGES } from '../../contract/messages'
import { PLATFORM_STAMPS, TASK_KEPT } from '../../contract/platform-kept'
import { fieldsOf, readEnvironment } from '../../contract/reading'
import { isUrl, jsonObjectText, limit, optionalUrl, parseDuration } from '../../contract/rules'
import {
  CRON_MESSAGE,
  CRON_NEVER_MESSAGE,
  cronEverRuns,
  DETAIL_LEVELS,
  isCron,
  MISSED_RUNS,
  STOP_AFTER_FAILURES_MESSAGE,
  secretSetField,
  TASK_LIMITS,
  TASK_RULES,
  TASK_SECRETS,
  type TaskSecret,
  taskInputSchema,
} from '../../contract/task'
import { DEFAULT_TIME_ZONE } from '../../contract/time-zones'
import { z } from '../../contract/zod'
import { UNIT_MESSAGES } from '../../ui/form/validation-message'
import { formatDuration } from './duration'

const anyJson = z.string().refine((v) => {
  if (v.trim() === '') return true
  try {
    JSON.parse(v)
    return true
  } catch {
    return false
  }
}, MESSAGES.json)

/** The index of an item in the task as the platform sent it; absent for an item added in the form. */
const origin = z.number().int().optional()

const actionValues = z.object({
  origin,
  actionId: z.string().min(1, MESSAGES.enum),
  name: z.string(),
  enabled: z.boolean(),
  /** The action schema's options (its input), one text per option title. */
  options: z.record(z.string(), z.string()),
  output: anyJson,
  environment: jsonObjectText(),
  meta: anyJson,
})

const notificationValues = z.object({
  origin,
  url: optionalUrl(),
  internal: z.boolean(),
  sendOnError: z.boolean(),
  sendOnSuccess: z.boolean(),
  detailLevel: z.enum(DETAIL_LEVELS, { error: () => MESSAGES.enum }),
  type: z.string(),
})

const jobValues = z.object({
  origin,
  schedule: z
    .string()
    .refine((v) => isCron(v), CRON_MESSAGE)
    .refine((v) => cronEverRuns(v), CRON_NEVER_MESSAGE),
  timeZone: z.string(),
})

/** The task form: texts as typed, turned into the payload on save. */
export const taskFormSchema = z.object({
  name: TASK_RULES.name,
  code: z
    .string()
    .refine((v) => v.trim() === '' || /^\w+$/.test(v.trim()), MESSAGES.alphanumeric)
    .refine((v) => v.trim().length <= TASK_LIMITS.code, MESSAGES.tooLong),
  description: TASK_RULES.description,
  productCode: TASK_RULES.productCode,
  imageUrl: TASK_RULES.imageUrl,
  interval: z
    .string()
    .refine((v) => v.trim() === '' || parseDuration(v) !== undefined, MESSAGES.duration)
    // The platform's own rule (in ms), said in hours.
    .refine(
      (v) => taskInputSchema.shape.interval.safeParse(parseDuration(v)).success,
      UNIT_MESSAGES.intervalTooLong,
    ),
  requestParameters: jsonObjectText(),
  appAccessToken: TASK_RULES.token,
  clientSecret: TASK_RULES.token,
  hookToken: TASK_RULES.token,
  /** Empty is 0, which the field's hint says means unlimited. */
  concurrentExecutions: z
    .string()
    .refine((v) => /^\d*$/.test(v.trim()), limit(MESSAGES.digits))
    .refine(
      (v) => taskInputSchema.shape.concurrentExecutions.safeParse(Number(v.trim())).success,
      UNIT_MESSAGES.concurrencyTooLarge,
    ),
  asyncResponse: z.boolean(),
  missedRuns: z.enum(MISSED_RUNS, { error: () => MESSAGES.enum }),
  /** Empty: never stopped by failures; else the platform's own rule (a whole number 1..100). */
  stopAfterFailures: z
    .string()
    .refine(
      (v) =>
        v.trim() === '' ||
        (/^\d+$/.test(v.trim()) &&
          taskInputSchema.shape.stopAfterFailures.safeParse(Number(v.trim())).success),
      STOP_AFTER_FAILURES_MESSAGE,
    ),
  actions: z.array(actionValues),
  notifications: z.array(notificationValues),
  jobs: z.array(jobValues),
})
export type TaskFormValues = z.infer<typeof taskFormSchema>
export type ActionValues = TaskFormValues['actions'][number]
export type NotificationValues = TaskFormValues['notifications'][number]

type ActionOption = ActionSchema['options'][number]

/** The rules an option's filled value may break, in the order they are told, and what each says. */
const OPTION_RULES: {
  rule: string
  message: string
  breaks: (value: string, option: ActionOption) => boolean
}[] = [
  { rule: 'url', message: MESSAGES.url, breaks: (value) => !isUrl(value) },
  { rule: 'digits', message: MESSAGES.digits, breaks: (value) => !/^\d+$/.test(value) },
  { rule: 'object', message: MESSAGES.object, breaks: (value) => !jsonObjectText().safeParse(value).success },
  {
    rule: 'enum',
    message: MESSAGES.enum,
    breaks: (value, option) => option.values !== undefined && !option.values.includes(value),
  },
]

/** What is wrong with an option's value (trimmed): empty and required, or the first rule it breaks. */
function optionProblem(option: ActionOption, value: string): string | undefined {
  if (value === '') return option.rules.includes('required') ? MESSAGES.required : undefined
  return OPTION_RULES.find(({ rule, breaks }) => option.rules.includes(rule) && breaks(value, option))
    ?.message
}

/** The rules of each action schema's options (required, url, object, digits) on top of the form schema. */
export function withActionRules(schemas: ActionSchema[]) {
  return taskFormSchema.superRefine((values, ctx) => {
    values.actions.forEach((action, i) => {
      const schema = schemas.find((s) => s.id === action.actionId)
      for (const option of schema?.options ?? []) {
        const value = (action.options[option.title] ?? '').trim()
        const path = ['actions', i, 'options', option.title]
        const problem = optionProblem(option, value)
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path })
      }
    })
  })
}

/** A value as the form shows it: a text as it is, nothing as empty, anything else as JSON. */
function text(v: unknown): string {
  if (v === undefined || v === null) return ''
  return typeof v === 'string' ? v : JSON.stringify(v, null, 2)
}
/** A JSON text as its value; a text that is not JSON (a plain string the platform sent) stays a text. */
const parsed = (v: string): unknown => {
  if (v.trim() === '') return undefined
  try {
    return JSON.parse(v)
  } catch {
    return v
  }
}

export const emptyAction = (actionId = ''): ActionValues => ({
  actionId,
  name: '',
  enabled: true,
  options: {},
  output: '',
  environment: '',
  meta: '',
})
export const emptyNotification = (): NotificationValues => ({
  url: '',
  internal: true,
  sendOnError: true,
  sendOnSuccess: false,
  detailLevel: 'simple',
  type: '',
})
export const emptyJob = () => ({ schedule: '0 2 * * *', timeZone: DEFAULT_TIME_ZONE })

export function toFormValues(task?: Partial<Task>): TaskFormValues {
  return {
    name: task?.name ?? '',
    code: task?.code ?? '',
    description: task?.description ?? '',
    productCode: task?.productCode ?? '',
    imageUrl: task?.imageUrl ?? '',
    interval: formatDuration(task?.interval),
    requestParameters: task?.requestParameters ? text(task.requestParameters) : '',
    // A secret is never read back: the form holds only a new value the user types.
    appAccessToken: '',
    clientSecret: '',
    hookToken: '',
    concurrentExecutions: String(task?.concurrentExecutions ?? 0),
    asyncResponse: task?.asyncResponse ?? false,
    missedRuns: task?.missedRuns ?? 'once',
    stopAfterFailures: typeof task?.stopAfterFailures === 'number' ? String(task.stopAfterFailures) : '',
    actions: (task?.actions ?? []).map((a, i) => {
      const input = fieldsOf(a.input)
      const environment = readEnvironment(a).value
      return {
        origin: i,
        actionId: a.actionId ?? '',
        name: a.name ?? '',
        enabled: a.enabled !== false,
        options: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, text(v)])),
        output: text(a.output),
        environment: environment ? text(environment) : '',
        meta: text(a.meta),
      }
    }),
    notifications: (task?.notifications ?? []).map((n, i) => ({
      origin: i,
      url: n.url ?? '',
      internal: n.internal ?? false,
      sendOnError: n.sendOnError ?? true,
      sendOnSuccess: n.sendOnSuccess ?? false,
      detailLevel: n.detailLevel ?? 'simple',
      type: n.type ?? '',
    })),
    // A job without a schedule the console can read stays out of the form and goes back as it came.
    jobs: (task?.jobs ?? []).flatMap((j, i) =>
      typeof j?.schedule === 'string'
        ? [{ origin: i, schedule: j.schedule, timeZone: j.timeZone ?? '' }]
        : [],
    ),
  }
}

/**
 * Whether the task has this secret: as the platform says (`{field}Set`), or as a change still in the
 * outbox holds it (its value merged over the task).
 */
export function secretIsSet(task: Partial<Task> | undefined, field: TaskSecret): boolean {
  const shown = fieldsOf(task)
  const value = shown[field]
  return shown[secretSetField(field)] === true || (typeof value === 'string' && value !== '')
}

/** Form values as a draft may keep them: without any typed secret. */
export const withoutSecrets = (values: TaskFormValues): TaskFormValues => ({
  ...values,
  ...Object.fromEntries(TASK_SECRETS.map((field) => [field, ''])),
})

/** An option holding an object rule is sent as the object; the others as text. */
function optionValue(schema: ActionSchema | undefined, title: string, value: string): unknown {
  const rules = schema?.options.find((o) => o.title === title)?.rules ?? []
  return rules.includes('object') && value.trim() ? parsed(value) : value
}

export function toTaskInput(values: TaskFormValues, schemas: ActionSchema[]): TaskInput {
  const opt = (v: string) => (v.trim() === '' ? undefined : v.trim())
  return {
    name: values.name.trim(),
    code: opt(values.code),
    description: values.description,
    productCode: opt(values.productCode),
    imageUrl: opt(values.imageUrl),
    interval: values.interval.trim() ? parseDuration(values.interval) : undefined,
    requestParameters: parsed(values.requestParameters) as Record<string, unknown> | undefined,
    appAccessToken: opt(values.appAccessToken),
    clientSecret: opt(values.clientSecret),
    hookToken: opt(values.hookToken),
    concurrentExecutions: Number(values.concurrentExecutions.trim()),
    asyncResponse: values.asyncResponse,
    missedRuns: values.missedRuns,
    // Sent only when set: a task without the limit goes without the field.
    stopAfterFailures: values.stopAfterFailures.trim() ? Number(values.stopAfterFailures.trim()) : undefined,
    actions: values.actions.map((a) => {
      const schema = schemas.find((s) => s.id === a.actionId)
      const input = Object.fromEntries(
        Object.entries(a.options)
          .filter(([, v]) => v.trim() !== '')
          .map(([k, v]) => [k, optionValue(schema, k, v)]),
      )
      return {
        actionId: a.actionId,
        name: opt(a.name),
        enabled: a.enabled,
        input,
        output: parsed(a.output),
        environment: parsed(a.environment) as Record<string, unknown> | undefined,
        meta: parsed(a.meta),
      }
    }),
    notifications: values.notifications.map((n) => ({
      url: opt(n.url),
      internal: n.internal,
      sendOnError: n.sendOnError,
      sendOnSuccess: n.sendOnSuccess,
      detailLevel: n.detailLevel,
      type: opt(n.type),
    })),
    jobs: values.jobs.map((j) => ({ schedule: j.schedule.trim(), timeZone: opt(j.timeZone) })),
  }
}

/** Fields the platform keeps by itself: never sent back in a task's PUT (a run may change them meanwhile). */
const PLATFORM_OWNED: readonly string[] = ['status', 'lastRun', 'jobs', ...PLATFORM_STAMPS, ...TASK_KEPT]

const orderOf = (items: readonly { origin?: number }[]) => items.map((item) => item.origin)

/** An action's changed environment goes back under the name the platform gave it. */
function renameEnvironment(changes: Record<string, unknown>, received: Record<string, unknown>) {
  const { name } = readEnvironment(received)
  if (name === 'environment' || !('environment' in changes)) return changes
  const { environment, ...rest } = changes
  return { ...rest, [name]: environment }
}

/**
 * What an edit of a task sends: the PUT body (everything received and not the platform's own, with
 * only the changed fields laid over, actions and notifications item by item) and, when the jobs
 * changed, the jobs for their own call (unreadable ones kept as they came).
 */
export function taskEditBody(
  current: Task,
  values: TaskFormValues,
  schemas: ActionSchema[],
): { body: Record<string, unknown>; jobs?: unknown[] } {
  const loaded = toFormValues(current)
  // The lists are merged item by item, the other fields as a whole.
  const {
    actions: actionsBefore,
    notifications: notificationsBefore,
    jobs: jobsBefore,
    ...before
  } = toTaskInput(loaded, schemas)
  const {
    actions: actionsAfter,
    notifications: notificationsAfter,
    jobs: jobsAfter,
    ...after
  } = toTaskInput(values, schemas)
  const raw: Record<string, unknown> = { ...current }
  const changes = changedFields(before, after)
  const body = mergeEdit(
    Object.fromEntries(Object.entries(raw).filter(([k]) => !PLATFORM_OWNED.includes(k))),
    changes,
  )
  // A limit the user cleared goes as null: the PUT keeps a field it does not carry.
  if ('stopAfterFailures' in changes && changes.stopAfterFailures === undefined) body.stopAfterFailures = null
  const receivedList = (name: 'actions' | 'notifications' | 'jobs') => {
    const list = raw[name]
    return Array.isArray(list) ? list : []
  }
  // Items come back in the form's order; `before` is indexed by the received item's index.
  const beforeByOrigin = (
    list: readonly Record<string, unknown>[],
    items: readonly { origin?: number }[],
  ) => {
    const byOrigin: Record<string, unknown>[] = []
    items.forEach((item, j) => {
      if (item.origin !== undefined && list[j]) byOrigin[item.origin] = list[j]
    })
    return byOrigin
  }
  const actions = mergeItems(
    receivedList('actions'),
    beforeByOrigin(actionsBefore, loaded.actions),
    actionsAfter,
    orderOf(values.actions),
    renameEnvironment,
  )
  if (actions) body.actions = actions
  const notifications = mergeItems(
    receivedList('notifications'),
    beforeByOrigin(notificationsBefore, loaded.notifications),
    notificationsAfter,
    orderOf(values.notifications),
  )
  if (notifications) body.notifications = notifications
  // Jobs: the readable ones as edited, each keeping its own fields; the unreadable ones as they came.
  const receivedJobs = receivedList('jobs')
  const unreadableJobs = receivedJobs.filter((j) => typeof fieldsOf(j).schedule !== 'string')
  const readableJobs = receivedJobs.filter((j) => !unreadableJobs.includes(j))
  const jobOrigins = values.jobs.map((j) =>
    j.origin === undefined ? undefined : readableJobs.indexOf(receivedJobs[j.origin]),
  )
  const jobs = mergeItems(
    readableJobs,
    jobsBefore,
    jobsAfter,
    jobOrigins.map((o) => (o === -1 ? undefined : o)),
  )
  return { body, ...(jobs ? { jobs: [...jobs, ...unreadableJobs] } : {}) }
}
