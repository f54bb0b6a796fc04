import * as v from 'valibot'
import type { Contract } from './contract'
import type { DataFormat } from './data-format'
import type { PlatformEvent } from './event'
import type { Product } from './product'
import type { ProductFile } from './product-file'
import { readTime } from './reading'
import type { ActionSchema, Task } from './task'
import type { AccessToken } from './token'
import type { Organization, Permission, Role, User } from './user'

/**
 * The shapes of the platform's answers, checked where they arrive: only what the console reads is
 * required, the rest passes through. Loose on purpose: a new field never breaks the console. Written
 * with valibot, whose schemas bundle only the checks they use (2.6 KB gzip here, against 6.5 for
 * zod's small build), and no entity schema, so that the first screen loads no classic zod: where an
 * entity's schema carries the rules of its form (trimmed, bounded, enumerated texts), the answer
 * checks only the type (an enumerated text is read as any text), and its field names are checked
 * against the entity's type.
 */
export type AnswerSchema = v.GenericSchema
const id = v.union([v.string(), v.number()])
const text = v.nullish(v.string())
const entity = v.looseObject({ id })
const list = <T extends AnswerSchema>(item: T) => v.array(item)
/** A moment as ISO text or epoch seconds or milliseconds, read as ISO text. */
const moment = v.pipe(
  v.union([v.string(), v.number()]),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const iso = readTime(dataset.value)
    if (iso !== undefined) return iso
    addIssue({ message: 'expected an ISO date-time or epoch time' })
    return NEVER
  }),
)
const optionalMoment = v.nullish(moment)

/** An answer of an entity `E`: fields of `E` only, each checked as given, others passed through. */
const answerOf =
  <E>() =>
  <S extends Record<string, AnswerSchema> & { [K in keyof S]: K extends keyof E ? AnswerSchema : never }>(
    shape: S,
  ) =>
    v.looseObject(shape)

/** The type of a value as zod's English catalogue names it (`received number`). */
function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan'
  return typeof value
}

type Step = { key?: unknown; origin?: string }

/** The schema a path leads to inside `schema` (through optional values, objects and lists). */
function schemaAt(schema: unknown, path: readonly Step[]): { expects?: string; type?: string } | undefined {
  let at = schema as { wrapped?: unknown; entries?: Record<string, unknown>; item?: unknown } | undefined
  for (const step of path) {
    while (at?.wrapped) at = at.wrapped as typeof at
    if (at?.entries) at = at.entries[String(step.key)] as typeof at
    else if (at?.item) at = at.item as typeof at
    else return undefined
  }
  return at as { expects?: string; type?: string } | undefined
}

/**
 * What a field that does not fit is said to be, in the words of zod's English catalogue, which the
 * console showed before (`Invalid input: expected string, received number`), with the call and field.
 */
function described(issue: v.BaseIssue<unknown>, root: AnswerSchema): string {
  if (issue.kind === 'transformation') return issue.message
  // A required field that is missing: what its own schema expects.
  const missing = issue.path?.at(-1)?.origin === 'key'
  const target = missing
    ? schemaAt(root, issue.path ?? [])
    : { expects: issue.expected ?? '', type: issue.type }
  const expects = target?.expects ?? ''
  if (target?.type === 'union' || expects.includes('|') || !expects) return 'Invalid input'
  return `Invalid input: expected ${expects.toLowerCase()}, received ${typeOf(issue.input)}`
}

/** An answer read with its schema: the value as read, or the first field that does not fit and why. */
export type AnswerRead<T = unknown> =
  | { success: true; data: T }
  | { success: false; issues: { path: string; message: string }[] }

export function readAnswer<T = unknown>(schema: AnswerSchema, value: unknown): AnswerRead<T> {
  const result = v.safeParse(schema, value)
  if (result.success) return { success: true, data: result.output as T }
  return {
    success: false,
    issues: result.issues.map((issue) => ({
      path: (issue.path ?? []).map((step) => String(step.key)).join('.'),
      message: described(issue, schema),
    })),
  }
}

/** The item schema of a list schema, or undefined for any other: a list is read row by row. */
export function itemOf(schema: AnswerSchema): AnswerSchema | undefined {
  return schema.type === 'array' ? (schema as v.ArraySchema<AnswerSchema, undefined>).item : undefined
}

export const eventAnswer = answerOf<PlatformEvent>()({
  type: v.string(),
  status: v.string(),
  id,
  timestamp: moment,
  message: text,
})
export const taskRunAnswer = v.looseObject({
  id,
  startedAt: moment,
  finishedAt: optionalMoment,
  durationMs: v.nullish(v.number()),
  outcome: v.string(),
  result: text,
  steps: v.nullish(list(v.looseObject({ name: text, outcome: text, message: text }))),
})
export const taskAnswer = answerOf<Task>()({
  id,
  name: v.string(),
  status: v.string(),
  actions: v.nullish(list(v.looseObject({}))),
  notifications: v.nullish(list(v.looseObject({}))),
  // A job without a schedule the console can read is shown as such (the SPEC names no job fields).
  jobs: v.nullish(list(v.unknown())),
})
export const taskCommandAnswer = v.looseObject({ task: taskAnswer })
export const actionSchemaAnswer = answerOf<ActionSchema>()({
  name: v.string(),
  id,
  options: v.nullish(
    list(answerOf<ActionSchema['options'][number]>()({ title: v.string(), rules: v.array(v.string()) })),
  ),
})
export const productAnswer = answerOf<Product>()({ id, name: text, productCode: text, type: text })
export const namedAnswer = answerOf<Organization>()({ name: v.string(), id })
/** A list the SPEC says comes in `itemList`: read as any list (an array too), row by row. */
export const itemListAnswer = <T extends AnswerSchema>(item: T) => list(item)
export const dataFormatAnswer = answerOf<DataFormat>()({ id, name: text, dataFormatCode: text })
export const tokenAnswer = answerOf<AccessToken>()({
  id,
  name: text,
  status: v.string(),
  expirationDate: optionalMoment,
  createdAt: optionalMoment,
})
/** A stats row: its time, count and errors are read where drawn (contract/reading.ts `readStatsRow`). */
export const statsBucketAnswer = v.looseObject({})
export const organizationStatsAnswer = v.looseObject({
  organizationId: v.nullish(id),
  organizationName: text,
  count: v.nullish(v.union([v.number(), v.string()])),
  errors: v.nullish(v.union([v.number(), v.string()])),
})
export const permissionAnswer = answerOf<Permission>()({ name: v.string() })
export const userAnswer = answerOf<User>()({
  id,
  email: text,
  permissions: v.nullish(list(permissionAnswer)),
  applications: v.nullish(list(v.looseObject({}))),
})
export const roleAnswer = answerOf<Role>()({ name: v.string() })
export const contractAnswer = answerOf<Contract>()({
  id,
  productId: id,
  validFrom: v.string(),
  validTo: v.string(),
})
export const productFileAnswer = answerOf<ProductFile>()({ name: v.string(), size: v.number(), id })
export const configAnswer = v.looseObject({})
export const objectAnswer = v.looseObject({})
export const anyList = list(v.unknown())
export const entityAnswer = entity
export const listOf = list
