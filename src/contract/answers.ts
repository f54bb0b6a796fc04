import type { Contract } from './contract'
import type { DataFormat } from './data-format'
import { organizationStatsSchema, platformEventSchema, statsBucketSchema } from './event'
import type { Product } from './product'
import { productFileSchema } from './product-file'
import { actionSchemaSchema, type Task, taskRunSchema } from './task'
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

/** An answer of an entity `E`: fields of `E` only, each checked as given, others passed through. */
const answerOf =
  <E>() =>
  <S extends z.ZodRawShape & { [K in keyof S]: K extends keyof E ? z.ZodType : never }>(shape: S) =>
    z.looseObject(shape)

export const eventAnswer = platformEventSchema
  .pick({ timestamp: true, type: true, status: true })
  .extend({ id, message: text })
  .loose()
export const taskRunAnswer = taskRunSchema
  .pick({ startedAt: true })
  .extend({
    id,
    finishedAt: text,
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
  jobs: list(z.looseObject({ schedule: z.string() })).nullish(),
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
export const itemListAnswer = <T extends z.ZodType>(item: T) =>
  z.looseObject({ itemList: list(item).optional() })
export const dataFormatAnswer = answerOf<DataFormat>()({ id, name: text, dataFormatCode: text })
export const tokenAnswer = answerOf<AccessToken>()({ id, name: text, status: z.string() })
export const statsBucketAnswer = statsBucketSchema.loose()
export const organizationStatsAnswer = organizationStatsSchema
  .pick({ count: true, errors: true })
  .extend({ organizationId: id, organizationName: text })
  .loose()
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
