import { z } from './zod'

/** Event list filters, by event field; events, stats and last errors start with a limit of 5. */
/** type, status, category and targetType take one value or `in:a,b`. */
export const eventQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(10_000).default(5),
    offset: z.coerce.number().int().min(0).default(0),
    type: z.string().max(100).optional(),
    status: z.string().max(100).optional(),
    category: z.string().max(100).optional(),
    targetType: z.string().max(100).optional(),
    appName: z.string().max(100).optional(),
    userId: z.string().max(100).optional(),
    organizationId: z.string().max(100).optional(),
    taskId: z.string().max(100).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    error: z.enum(['true', 'false']).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'from must not be after to',
    path: ['to'],
  })

export const statsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(7),
  /** Instead of days: the last `hours` hours, counted per hour (the 24 h and 48 h monitoring ranges). */
  hours: z.coerce.number().int().min(1).max(168).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(5),
})

/** One bucket of /stats: `day` (YYYY-MM-DD) per day, or `hour` (YYYY-MM-DDTHH:00Z) with `hours`. */
export const statsBucketSchema = z.object({
  day: z.string().optional(),
  hour: z.string().optional(),
  count: z.number(),
  errors: z.number(),
})
export type StatsBucket = z.infer<typeof statsBucketSchema>

export const organizationStatsSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  count: z.number(),
  errors: z.number(),
})
export type OrganizationStats = z.infer<typeof organizationStatsSchema>

export const EVENT_STATUSES = ['success', 'error', 'warning', 'info'] as const

/** An event the platform records. */
export const platformEventSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  type: z.string(),
  appName: z.string().optional(),
  targetType: z.string().optional(),
  targetEntityId: z.string().optional(),
  status: z.string(),
  message: z.string().optional(),
  senderId: z.string().optional(),
  senderName: z.string().optional(),
  receiverId: z.string().optional(),
  receiverName: z.string().optional(),
  taskId: z.string().optional(),
  actionMethod: z.string().optional(),
  contractId: z.string().optional(),
  productId: z.string().optional(),
  category: z.string().optional(),
  userId: z.string().optional(),
  organizationId: z.string().optional(),
  clientIP: z.string().optional(),
  tracingId: z.string().optional(),
})
export type PlatformEvent = z.infer<typeof platformEventSchema>

export const soapQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
})
