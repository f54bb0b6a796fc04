import { z } from 'zod'
import { MESSAGES } from './messages'
import { alphanumeric, isUrl, requiredText } from './rules'

export const TASK_STATUSES = ['stopped', 'running', 'error', 'warning'] as const
export const TASK_ACTIONS = ['start', 'stop', 'run'] as const
export const DETAIL_LEVELS = ['full', 'simple', 'result-only'] as const

const optionalUrl = z
  .string()
  .max(2000)
  .refine((v) => v.trim() === '' || isUrl(v), MESSAGES.url)
const json = z.record(z.string(), z.unknown())
const CRON = /^(\S+\s+){4}\S+$/

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
    .max(2000)
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
  schedule: z.string().trim().regex(CRON, 'A cron schedule has five fields'),
  timeZone: z.string().max(100).optional(),
})

/** A task (SPEC §3): a scheduled job that runs connector actions. */
export const taskInputSchema = z.object({
  name: requiredText().max(200),
  code: alphanumeric().max(100).optional(),
  description: z.string().max(10_000).optional(),
  productCode: z.string().max(100).optional(),
  imageUrl: optionalUrl.optional(),
  interval: z
    .number()
    .int()
    .min(0)
    .max(366 * 86_400_000)
    .optional(),
  requestParameters: json.optional(),
  appAccessToken: z.string().max(4000).optional(),
  clientSecret: z.string().max(4000).optional(),
  hookToken: z.string().max(4000).optional(),
  concurrentExecutions: z.number().int().min(0).max(1000).default(0),
  asyncResponse: z.boolean().default(false),
  status: z.enum(TASK_STATUSES, { error: () => MESSAGES.enum }).default('stopped'),
  actions: z.array(taskActionSchema).max(100).default([]),
  notifications: z.array(taskNotificationSchema).max(20).default([]),
  jobs: z.array(taskJobSchema).max(50).default([]),
})
/** SPEC §7: the update is a PUT without the `jobs` field. */
export const taskUpdateSchema = taskInputSchema.omit({ jobs: true })
export type TaskInput = z.infer<typeof taskInputSchema>
