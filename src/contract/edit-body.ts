/**
 * Lossless writes: what an edit sends back. The form's values are compared with the same form loaded
 * and left untouched (`before`), so only what the user changed counts as a change: a field the
 * console does not know, a field that was absent, or one it reads differently (an object where it
 * shows a name) goes back as it came, or not at all.
 */

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Equal as JSON values: key order aside, an absent key equals an undefined one. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => same(item, b[i]))
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    for (const key of keys) if (!same(a[key], b[key])) return false
    return true
  }
  return false
}

/** The fields whose value differs between the untouched form (`before`) and the saved one (`after`). */
export function changedFields(before: Json, after: Json): Json {
  const changes: Json = {}
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (!same(before[key], after[key])) changes[key] = after[key]
  return changes
}

/** Everything received, with the changes laid over; a change to undefined leaves the field out. */
export function mergeEdit(received: Json, changes: Json): Json {
  const body: Json = { ...received }
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete body[key]
    else body[key] = value
  }
  return body
}

/**
 * A list of items edited in a form (task actions, notifications, jobs): each item that came from the
 * platform (`origins[j]`, its index there) keeps its received fields with only its own changes laid
 * over (`rename` puts a change back under the name the platform used); new items go as the form made
 * them. `undefined` when nothing changed, so the list goes back exactly as received.
 */
export function mergeItems(
  received: readonly unknown[],
  before: readonly Json[],
  after: readonly Json[],
  origins: readonly (number | undefined)[],
  rename: (changes: Json, received: Json) => Json = (changes) => changes,
): unknown[] | undefined {
  const untouched =
    after.length === received.length && origins.every((o, j) => o === j) && same(before, after)
  if (untouched) return undefined
  return after.map((item, j) => {
    const origin = origins[j]
    const raw = origin === undefined ? undefined : received[origin]
    const was = origin === undefined ? undefined : before[origin]
    if (!isObject(raw) || was === undefined) return item
    return mergeEdit(raw, rename(changedFields(was, item), raw))
  })
}
