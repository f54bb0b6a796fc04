import { same } from '../../contract/edit-body'

/** The part of a Standard Schema (zod's `~standard`) a form validator uses. */
interface Issue {
  message: string
  path?: readonly (PropertyKey | { key: PropertyKey })[]
}
type Result = { value: unknown; issues?: undefined } | { issues: readonly Issue[] }
interface StandardSchemaV1 {
  '~standard': {
    version: 1
    vendor: string
    validate: (value: unknown) => Result | Promise<Result>
  }
}

/** The value at a path of keys and indexes. */
const at = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (v, key) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined),
    value,
  )

/**
 * A form's validator that checks a value the platform issued (a product code with a hyphen, say) only
 * once the user changes it: an issue on a field (at any depth) still holding its loaded, non-empty value
 * is dropped. New entities (no `loaded`) are checked in full.
 */
export function checkChangedOnly<S extends StandardSchemaV1>(
  schema: S,
  loaded: Record<string, unknown> | undefined,
): S {
  if (!loaded) return schema
  const keep = (value: unknown, result: Result): Result => {
    if (!result.issues) return result
    const issues = result.issues.filter((issue) => {
      const path = (issue.path ?? []).map((p) => String(typeof p === 'object' && p !== null ? p.key : p))
      if (path.length === 0) return true
      const was = at(loaded, path)
      const issued = was !== undefined && was !== '' && !(Array.isArray(was) && was.length === 0)
      return !(issued && same(at(value, path), was))
    })
    return issues.length ? { issues } : { value }
  }
  return {
    ...schema,
    '~standard': {
      ...schema['~standard'],
      validate: (value: unknown) => {
        const result = schema['~standard'].validate(value)
        return result instanceof Promise ? result.then((r) => keep(value, r)) : keep(value, result)
      },
    },
  }
}

/**
 * A form's values, each field read by its own rule where it passes and kept as typed where it does
 * not: one refused field (a code the platform issued) never changes how the others are sent.
 */
export function parseFieldByField<T extends Record<string, unknown>>(
  shape: Record<string, { safeParse: (v: unknown) => { success: boolean; data?: unknown } }>,
  values: T,
): T {
  const out: Record<string, unknown> = { ...values }
  for (const [key, rule] of Object.entries(shape)) {
    const checked = rule.safeParse(values[key])
    if (checked.success) out[key] = checked.data
  }
  return out as T
}
