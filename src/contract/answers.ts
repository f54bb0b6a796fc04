import type { Contract } from './contract'
import type { DataFormat } from './data-format'
import { platformEventSchema } from './event'
import type { Product } from './product'
import { productFileSchema } from './product-file'
import { readTime } from './reading'
import { actionSchemaSchema, type Task } from './task'
import type { AccessToken } from './token'
import { organizationSchema, permissionSchema, roleSchema, type User } from './user'
import { z } from './zod'

/**
 * The shapes of the platform's answers, checked where they arrive, built from the entities' schemas:
 * only what the console reads is required, the rest passes through. Loose on purpose: a new field
 * never breaks the console. Where an entity's schema carries the rules of its form (trimmed, bounded,
 * enumerated texts), the answer checks only the type, and its field names are checked against the entity.
 */
const id = z.union([z.string(), z.number()])
const text = z.string().nullish()
const entity = z.looseObject({ id })
const list = <T extends z.ZodType>(item: T) => z.array(item)
/** A moment as ISO text or epoch seconds or milliseconds, read as ISO text. */
const moment = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const iso = readTime(v)
  if (iso === undefined) ctx.addIssue({ code: 'custom', message: 'expected an ISO date-time or epoch time' })
  return iso ?? String(v)
})
const optionalMoment = moment.nullish()

/** An answer of an entity `E`: fields of `E` only, each checked as given, others passed through. */
const answerOf =
  <E>() =>
  <S extends z.ZodRawShape & { [K in keyof S]: K extends keyof E ? z.ZodType : never }>(shape: S) =>
    z.looseObject(shape)

export const eventAnswer = platformEventSchema
  .pick({ type: true, status: true })
  .extend({ id, timestamp: moment, message: text })
  .loose()
export const taskRunAnswer = z
  .object({
    id,
    startedAt: moment,
    finishedAt: optionalMoment,
    durationMs: z.number().nullish(),
    outcome: z.string(),
    result: text,
    steps: list(z.looseObject({ name: text, outcome: text, message: text })).nullish(),
  })
  .loose()
export const taskAnswer = answerOf<Task>()({
  id,
  name: z.string(),
  status: z.string(),
  actions: list(z.looseObject({})).nullish(),
  notifications: list(z.looseObject({})).nullish(),
  // A job without a schedule the console can read is shown as such (the SPEC names no job fields).
  jobs: list(z.unknown()).nullish(),
})
export const taskCommandAnswer = z.looseObject({ task: taskAnswer })
export const actionSchemaAnswer = actionSchemaSchema
  .pick({ name: true })
  .extend({
    id,
    options: list(
      actionSchemaSchema.shape.options.element.pick({ title: true, rules: true }).loose(),
    ).nullish(),
  })
  .loose()
export const productAnswer = answerOf<Product>()({ id, name: text, productCode: text, type: text })
export const namedAnswer = organizationSchema.pick({ name: true }).extend({ id }).loose()
/** A list the SPEC says comes in `itemList`: read as any list (an array too), row by row. */
export const itemListAnswer = <T extends z.ZodType>(item: T) => list(item)
export const dataFormatAnswer = answerOf<DataFormat>()({ id, name: text, dataFormatCode: text })
export const tokenAnswer = answerOf<AccessToken>()({
  id,
  name: text,
  status: z.string(),
  expirationDate: optionalMoment,
  createdAt: optionalMoment,
})
/** A stats row: its time, count and errors are read where drawn (contract/reading.ts `readStatsRow`). */
export const statsBucketAnswer = z.looseObject({})
export const organizationStatsAnswer = z.looseObject({
  organizationId: id.nullish(),
  organizationName: text,
  count: z.union([z.number(), z.string()]).nullish(),
  errors: z.union([z.number(), z.string()]).nullish(),
})
export const userAnswer = answerOf<User>()({
  id,
  email: text,
  permissions: list(permissionSchema.pick({ name: true }).loose()).nullish(),
  applications: list(z.looseObject({})).nullish(),
})
export const roleAnswer = roleSchema.pick({ name: true }).loose()
export const permissionAnswer = permissionSchema.pick({ name: true }).loose()
export const contractAnswer = answerOf<Contract>()({
  id,
  productId: id,
  validFrom: z.string(),
  validTo: z.string(),
})
export const productFileAnswer = productFileSchema.pick({ name: true, size: true }).extend({ id }).loose()
export const configAnswer = z.looseObject({})
export const objectAnswer = z.looseObject({})
export const anyList = list(z.unknown())
export const entityAnswer = entity
export const listOf = list
