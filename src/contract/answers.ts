import { z } from './zod'

/**
 * The shapes of the platform's answers, checked where they arrive: only what the console reads is
 * required, the rest passes through. Loose on purpose: a new field never breaks the console.
 */
const id = z.union([z.string(), z.number()])
const text = z.string().nullish()
const entity = z.looseObject({ id })
const list = <T extends z.ZodType>(item: T) => z.array(item)

export const eventAnswer = z.looseObject({
  id,
  timestamp: z.string(),
  type: z.string(),
  status: z.string(),
  message: text,
})
export const taskRunAnswer = z.looseObject({
  id,
  startedAt: z.string(),
  finishedAt: text,
  durationMs: z.number().nullish(),
  outcome: z.string(),
  result: text,
  steps: list(z.looseObject({ name: text, outcome: text, message: text })).nullish(),
})
export const taskAnswer = z.looseObject({
  id,
  name: z.string(),
  status: z.string(),
  actions: list(z.looseObject({})).nullish(),
  notifications: list(z.looseObject({})).nullish(),
  jobs: list(z.looseObject({ schedule: z.string() })).nullish(),
})
export const taskCommandAnswer = z.looseObject({ task: taskAnswer })
export const actionSchemaAnswer = z.looseObject({
  id,
  name: z.string(),
  options: list(z.looseObject({ title: z.string(), rules: list(z.string()) })).nullish(),
})
export const productAnswer = z.looseObject({ id, name: text, productCode: text, type: text })
export const namedAnswer = z.looseObject({ id, name: z.string() })
export const itemListAnswer = <T extends z.ZodType>(item: T) =>
  z.looseObject({ itemList: list(item).optional() })
export const dataFormatAnswer = z.looseObject({ id, name: text, dataFormatCode: text })
export const tokenAnswer = z.looseObject({ id, name: text, status: z.string() })
export const statsBucketAnswer = z.looseObject({
  day: z.string().optional(),
  hour: z.string().optional(),
  count: z.number(),
  errors: z.number(),
})
export const organizationStatsAnswer = z.looseObject({
  organizationId: id,
  organizationName: text,
  count: z.number(),
  errors: z.number(),
})
export const userAnswer = z.looseObject({
  id,
  email: text,
  permissions: list(z.looseObject({ name: z.string() })).nullish(),
  applications: list(z.looseObject({})).nullish(),
})
export const roleAnswer = z.looseObject({ name: z.string() })
export const permissionAnswer = z.looseObject({ name: z.string() })
export const contractAnswer = z.looseObject({ id, productId: id, validFrom: z.string(), validTo: z.string() })
export const productFileAnswer = z.looseObject({ id, name: z.string(), size: z.number() })
export const configAnswer = z.looseObject({})
export const objectAnswer = z.looseObject({})
export const anyList = list(z.unknown())
export const entityAnswer = entity
export const listOf = list
