import type { Contract } from './contract'
import type { DataFormat } from './data-format'
import type { PlatformEvent } from './event'
import type { Product } from './product'
import type { ProductFile } from './product-file'
import { readTime } from './reading'
import type { ActionSchema, Task } from './task'
import type { AccessToken } from './token'
import type { Organization, Permission, Role, User } from './user'
import { z } from './zod-mini'

/**
 * The shapes of the platform's answers, checked where they arrive: only what the console reads is
 * required, the rest passes through. Loose on purpose: a new field never breaks the console. Written
 * with zod's small build and no entity schema, so that the first screen loads no classic zod: where
 * an entity's schema carries the rules of its form (trimmed, bounded, enumerated texts), the answer
 * checks only the type (an enumerated text is read as any text), and its field names are checked
 * against the entity's type.
 */
const id = z.union([z.string(), z.number()])
const text = z.nullish(z.string())
const entity = z.looseObject({ id })
const list = <T extends z.ZodMiniType>(item: T) => z.array(item)
/** A moment as ISO text or epoch seconds or milliseconds, read as ISO text. */
const moment = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((v: string | number, ctx) => {
    const iso = readTime(v)
    if (iso === undefined)
      ctx.issues.push({ code: 'custom', message: 'expected an ISO date-time or epoch time', input: v })
    return iso ?? String(v)
  }),
)
const optionalMoment = z.nullish(moment)

/** An answer of an entity `E`: fields of `E` only, each checked as given, others passed through. */
const answerOf =
  <E>() =>
  <S extends Record<string, z.ZodMiniType> & { [K in keyof S]: K extends keyof E ? z.ZodMiniType : never }>(
    shape: S,
  ) =>
    z.looseObject(shape)

/**
 * What a field that does not fit is said to be, as zod's English catalogue says it (the console
 * shows it with the call and the field): passed to each parse, since the small build has no catalogue.
 */
export const answerIssues: z.core.ParseContext<z.core.$ZodIssue> = {
  error: (issue) =>
    issue.code === 'invalid_type'
      ? `Invalid input: expected ${issue.expected}, received ${z.util.parsedType(issue.input)}`
      : undefined,
}

export const eventAnswer = answerOf<PlatformEvent>()({
  type: z.string(),
  status: z.string(),
  id,
  timestamp: moment,
  message: text,
})
export const taskRunAnswer = z.looseObject({
  id,
  startedAt: moment,
  finishedAt: optionalMoment,
  durationMs: z.nullish(z.number()),
  outcome: z.string(),
  result: text,
  steps: z.nullish(list(z.looseObject({ name: text, outcome: text, message: text }))),
})
export const taskAnswer = answerOf<Task>()({
  id,
  name: z.string(),
  status: z.string(),
  actions: z.nullish(list(z.looseObject({}))),
  notifications: z.nullish(list(z.looseObject({}))),
  // A job without a schedule the console can read is shown as such (the SPEC names no job fields).
  jobs: z.nullish(list(z.unknown())),
})
export const taskCommandAnswer = z.looseObject({ task: taskAnswer })
export const actionSchemaAnswer = answerOf<ActionSchema>()({
  name: z.string(),
  id,
  options: z.nullish(
    list(answerOf<ActionSchema['options'][number]>()({ title: z.string(), rules: z.array(z.string()) })),
  ),
})
export const productAnswer = answerOf<Product>()({ id, name: text, productCode: text, type: text })
export const namedAnswer = answerOf<Organization>()({ name: z.string(), id })
/** A list the SPEC says comes in `itemList`: read as any list (an array too), row by row. */
export const itemListAnswer = <T extends z.ZodMiniType>(item: T) => list(item)
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
  organizationId: z.nullish(id),
  organizationName: text,
  count: z.nullish(z.union([z.number(), z.string()])),
  errors: z.nullish(z.union([z.number(), z.string()])),
})
export const permissionAnswer = answerOf<Permission>()({ name: z.string() })
export const userAnswer = answerOf<User>()({
  id,
  email: text,
  permissions: z.nullish(list(permissionAnswer)),
  applications: z.nullish(list(z.looseObject({}))),
})
export const roleAnswer = answerOf<Role>()({ name: z.string() })
export const contractAnswer = answerOf<Contract>()({
  id,
  productId: id,
  validFrom: z.string(),
  validTo: z.string(),
})
export const productFileAnswer = answerOf<ProductFile>()({ name: z.string(), size: z.number(), id })
export const configAnswer = z.looseObject({})
export const objectAnswer = z.looseObject({})
export const anyList = list(z.unknown())
export const entityAnswer = entity
export const listOf = list
