import type { ActionSchema, Task, TaskInput } from '../../api/tasks'
import { MESSAGES } from '../../contract/messages'
import { isUrl, jsonObjectText, optionalUrl, parseDuration } from '../../contract/rules'
import {
  CRON_MESSAGE,
  CRON_NEVER_MESSAGE,
  cronEverRuns,
  DETAIL_LEVELS,
  isCron,
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

const actionValues = z.object({
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
  url: optionalUrl(),
  internal: z.boolean(),
  sendOnError: z.boolean(),
  sendOnSuccess: z.boolean(),
  detailLevel: z.enum(DETAIL_LEVELS, { error: () => MESSAGES.enum }),
  type: z.string(),
})

const jobValues = z.object({
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
  concurrentExecutions: z
    .string()
    .regex(/^\d+$/, MESSAGES.digits)
    .refine(
      (v) => taskInputSchema.shape.concurrentExecutions.safeParse(Number(v)).success,
      UNIT_MESSAGES.concurrencyTooLarge,
    ),
  asyncResponse: z.boolean(),
  actions: z.array(actionValues),
  notifications: z.array(notificationValues),
  jobs: z.array(jobValues),
})
export type TaskFormValues = z.infer<typeof taskFormSchema>
export type ActionValues = TaskFormValues['actions'][number]
export type NotificationValues = TaskFormValues['notifications'][number]

/** The rules of each action schema's options (required, url, object, digits) on top of the form schema. */
export function withActionRules(schemas: ActionSchema[]) {
  return taskFormSchema.superRefine((values, ctx) => {
    values.actions.forEach((action, i) => {
      const schema = schemas.find((s) => s.id === action.actionId)
      for (const option of schema?.options ?? []) {
        const value = (action.options[option.title] ?? '').trim()
        const path = ['actions', i, 'options', option.title]
        const problem =
          option.rules.includes('required') && value === ''
            ? MESSAGES.required
            : value === ''
              ? undefined
              : option.rules.includes('url') && !isUrl(value)
                ? MESSAGES.url
                : option.rules.includes('digits') && !/^\d+$/.test(value)
                  ? MESSAGES.digits
                  : option.rules.includes('object') && !jsonObjectText().safeParse(value).success
                    ? MESSAGES.object
                    : option.rules.includes('enum') && option.values && !option.values.includes(value)
                      ? MESSAGES.enum
                      : undefined
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path })
      }
    })
  })
}

const text = (v: unknown) =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2)
const parsed = (v: string) => (v.trim() === '' ? undefined : (JSON.parse(v) as unknown))

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
    actions: (task?.actions ?? []).map((a) => {
      const input = a.input && typeof a.input === 'object' ? (a.input as Record<string, unknown>) : {}
      return {
        actionId: a.actionId,
        name: a.name ?? '',
        enabled: a.enabled !== false,
        options: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, text(v)])),
        output: text(a.output),
        environment: a.environment ? text(a.environment) : '',
        meta: text(a.meta),
      }
    }),
    notifications: (task?.notifications ?? []).map((n) => ({
      url: n.url ?? '',
      internal: n.internal,
      sendOnError: n.sendOnError,
      sendOnSuccess: n.sendOnSuccess,
      detailLevel: n.detailLevel,
      type: n.type ?? '',
    })),
    jobs: (task?.jobs ?? []).map((j) => ({ schedule: j.schedule, timeZone: j.timeZone ?? '' })),
  }
}

/**
 * Whether the task has this secret: as the platform says (`{field}Set`), or as a change still in the
 * outbox holds it (its value merged over the task).
 */
export function secretIsSet(task: Partial<Task> | undefined, field: TaskSecret): boolean {
  const shown = task as Record<string, unknown> | undefined
  return (
    shown?.[secretSetField(field)] === true || (typeof shown?.[field] === 'string' && shown[field] !== '')
  )
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
    concurrentExecutions: Number(values.concurrentExecutions),
    asyncResponse: values.asyncResponse,
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
