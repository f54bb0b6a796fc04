import { fieldsOf } from '../../contract/reading'

/**
 * Nothing to show: a field left out, undefined, an empty text, list or object (a form sends '' or {},
 * the platform omits them).
 */
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.values(value).every((v) => v === undefined))

/**
 * Whether two values are the same data: objects compare key by key in any order (the platform's
 * JSON comes back with its keys reordered), a key holding undefined is a key left out, arrays in order.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return Number.isNaN(a) && Number.isNaN(b)
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]))
  const x = fieldsOf(a)
  const y = fieldsOf(b)
  const keys = new Set([...Object.keys(x), ...Object.keys(y)])
  for (const key of keys) if (!sameValue(x[key], y[key])) return false
  return true
}

/**
 * The fields whose values differ between two versions of an entity, in the order of the first's keys
 * then the second's, leaving out those in `skip` (what the platform keeps by itself).
 */
export function differingFields(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])]
  return keys.filter((key) => !skip.has(key) && !sameValue(a[key], b[key]))
}
