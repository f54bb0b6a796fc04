/**
 * The tolerant reader: how the console reads the shapes the specification leaves open, one place per shape.
 * Strict where the SPEC promises (an answer's envelope, an entity's id), tolerant elsewhere: a list as
 * an array, `itemList` or `result.itemList`; pagination with or without `totalCount`; timestamps as
 * ISO texts or epoch seconds or milliseconds; named things as texts or objects; fields the console
 * does not know kept as they came. No zod here: the first screen loads it.
 */

/** An object with named fields (not an array): what a JSON object reads as, before its fields are checked. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The named fields of a value, or none when it is not an object. */
export const fieldsOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {})

/** The marker of a row the console could not read: its raw content and what did not fit. */
export const UNREADABLE = '__unreadable'
export interface Unreadable {
  id: string
  [UNREADABLE]: { raw: unknown; path: string; expected: string }
}
export const isUnreadable = (row: unknown): row is Unreadable =>
  typeof row === 'object' && row !== null && UNREADABLE in row

/** A list as an array, `{ itemList }` or `{ result: { itemList } }`; undefined when it is none of them. */
export function readList(data: unknown): unknown[] | undefined {
  if (Array.isArray(data)) return data
  if (!isRecord(data)) return undefined
  if (Array.isArray(data.itemList)) return data.itemList
  if (Array.isArray(data.items)) return data.items
  if (data.result !== undefined) return readList(data.result)
  return undefined
}

/** What the platform said of a list's size: `totalCount` where it was given, wherever it was put. */
export function readTotal(body: unknown): number | undefined {
  const count = (v: unknown) => {
    if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? v : undefined
    return typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined
  }
  if (!isRecord(body)) return undefined
  return (
    count(fieldsOf(body.pagination).totalCount) ??
    count(body.totalCount) ??
    (isRecord(body.result) ? readTotal(body.result) : undefined)
  )
}

/**
 * One page's place in the list. Without a total, a full page means there may be more: `totalCount`
 * is then what is known to exist (the rows up to this page's end) and `more` says whether to offer the next.
 */
export function readPage(
  rows: number,
  total: number | undefined,
  page: { offset: number; limit: number },
): { totalCount: number; more?: boolean } {
  if (total !== undefined) return { totalCount: total }
  return { totalCount: page.offset + rows, more: rows >= page.limit && rows > 0 }
}

/**
 * A moment as an ISO text: ISO texts pass, numbers (or digit texts) are epoch seconds below 1e11 and
 * milliseconds above (1e11 seconds is the year 5138). Anything else is undefined.
 */
export function readTime(value: unknown): string | undefined {
  if (typeof value === 'string') {
    if (/^\d+(\.\d+)?$/.test(value.trim())) return readTime(Number(value))
    return Number.isNaN(Date.parse(value)) ? undefined : value
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined
  const ms = Math.abs(value) < 1e11 ? value * 1000 : value
  const date = new Date(ms)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** A number the platform sent as a number or a digit text; undefined otherwise. */
export function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return undefined
}

/** A thing named by a text or by an object (`name`, `title`, `label`, `code`, `value`, `id`): its readable name. */
export function readName(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value)
  if (isRecord(value)) {
    for (const key of ['name', 'title', 'label', 'code', 'value', 'id']) {
      const v = value[key]
      if (typeof v === 'string' && v !== '') {
        const extra =
          key === 'name' && typeof value.value === 'string' && value.value ? `: ${value.value}` : ''
        return `${v}${extra}`
      }
    }
  }
  return JSON.stringify(value)
}

/** The readable names of a list of texts or objects (quality attributes, industries). */
export const readNames = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(readName).filter((n) => n !== '') : []

/**
 * A list of names from a form laid back over the list the platform gave: a name it gave as an object
 * is sent back as that object, unchanged; a new name takes the form of the objects beside it
 * (`{ name, value }` split at ": " when they carry values). A list of texts stays a list of texts.
 */
export function namesBack(names: string[], given: unknown): unknown[] {
  const items: unknown[] = Array.isArray(given) ? given : []
  const objects = items.filter(
    (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
  )
  const [first] = objects
  if (!first) return names
  const byName = new Map(items.map((item) => [readName(item), item]))
  const key =
    ['name', 'title', 'label', 'code', 'value', 'id'].find((k) => typeof first[k] === 'string') ?? 'name'
  const withValues = key === 'name' && objects.some((o) => typeof o.value === 'string')
  return names.map((name) => {
    if (byName.has(name)) return byName.get(name)
    const at = withValues ? name.indexOf(': ') : -1
    return at > 0 ? { name: name.slice(0, at), value: name.slice(at + 2) } : { [key]: name }
  })
}

/** A data format named by a product (its id or its code), among the formats the console knows. */
export function findDataFormat<F extends { id: string; dataFormatCode?: string }>(
  formats: readonly F[],
  ref: string,
): F | undefined {
  return formats.find((f) => f.id === ref) ?? formats.find((f) => f.dataFormatCode === ref)
}

/**
 * The names a task action's environment variables go by: the console writes back under the name
 * the platform used, and under the first when it used none.
 */
export const ENVIRONMENT_NAMES = ['environment', 'environmentVariables', 'env', 'variables'] as const

/** An action's environment variables, under whichever name the platform gave them. */
export function readEnvironment(action: Record<string, unknown>): {
  name: (typeof ENVIRONMENT_NAMES)[number]
  value: unknown
} {
  for (const name of ENVIRONMENT_NAMES) if (action[name] !== undefined) return { name, value: action[name] }
  return { name: 'environment', value: undefined }
}

/** One stats row: its moment (`day`, `hour`, or a time), its count and its errors, each possibly absent. */
export interface StatsPoint {
  at?: string
  count?: number
  errors?: number
}
export function readStatsRow(row: unknown): StatsPoint {
  const r = fieldsOf(row)
  const day = typeof r.day === 'string' ? readTime(r.day) : undefined
  const hour = typeof r.hour === 'string' ? readTime(r.hour) : undefined
  const at = hour ?? day ?? readTime(r.timestamp ?? r.time ?? r.date ?? r.at)
  return {
    at,
    count: readNumber(r.count ?? r.requests ?? r.total),
    errors: readNumber(r.errors ?? r.errorCount ?? r.failed),
  }
}

/** Whether a chart can put these rows on a time axis: each has a moment and a count. */
export const drawable = (rows: readonly unknown[]) =>
  rows.every((r) => {
    const p = readStatsRow(r)
    return p.at !== undefined && p.count !== undefined
  })
