import { MESSAGES } from './messages'
import { z } from './zod'

/** The validation rules as zod pieces, shared by the console's forms and the platform's validation. */
export const requiredText = () =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? MESSAGES.required : 'Expected text',
    })
    .trim()
    .min(1, { message: MESSAGES.required, abort: true })
/**
 * A length limit that ends the checks when it fails: no pattern or refinement after it reads a
 * megabyte that is refused anyway (zod runs the later checks of a failed one unless it aborts).
 */
export const limit = (message?: string) => ({ message, abort: true }) as const
/** A text of at most `max` characters. */
export const text = (max: number) => z.string().max(max, limit(MESSAGES.tooLong))
/** Letters, digits and underscores, at most `max` of them: the length is checked first. */
export const alphanumeric = (max = 100) =>
  requiredText().max(max, limit(MESSAGES.tooLong)).regex(/^\w+$/, MESSAGES.alphanumeric)
/** An address's longest form (RFC 5321: 64 + 1 + 255). */
export const MAX_EMAIL = 320
export const email = () => requiredText().max(MAX_EMAIL, limit(MESSAGES.email)).email(MESSAGES.email)
export const digits = () => z.string().regex(/^\d+$/, MESSAGES.digits)

/** The longest URL a field takes. */
export const MAX_URL = 2000
const SCHEME = /^https?:\/\//i
/**
 * An http(s) URL whose host has a dot inside it (not `localhost`, not `https://.x`), without white
 * space, that the URL parser takes. Scans, never backtracks: the pattern it replaces backtracked
 * quadratically (40,000 characters held the event loop for seconds).
 */
export function isUrl(value: string): boolean {
  const v = value.trim()
  if (v.length > MAX_URL || !SCHEME.test(v) || /\s/.test(v)) return false
  const rest = v.slice(v.indexOf('//') + 2)
  const end = rest.search(/[/?#]/)
  const host = end < 0 ? rest : rest.slice(0, end)
  if (!host.slice(1, -1).includes('.')) return false
  try {
    new URL(v)
    return true
  } catch {
    return false
  }
}
export const url = () => z.string().max(MAX_URL, limit(MESSAGES.tooLong)).refine(isUrl, MESSAGES.url)
export const optionalUrl = () =>
  z
    .string()
    .max(MAX_URL, limit(MESSAGES.tooLong))
    .refine((v) => v.trim() === '' || isUrl(v), MESSAGES.url)

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i
export const uuidArray = () =>
  z.array(z.string()).refine((items) => items.every((i) => UUID_RE.test(i)), MESSAGES.uuids)
export const numberArray = () =>
  z
    .array(z.union([z.number(), z.string()]))
    .refine((items) => items.every((i) => i !== '' && Number.isFinite(Number(i))), MESSAGES.numbers)
export const alphanumericArray = () =>
  z
    .array(z.string())
    .refine((items) => items.every((i) => i.length <= 200 && /^\w+$/.test(i)), MESSAGES.alphanumericItems)
export const requiredArray = <T extends z.ZodType>(item: T) => z.array(item).min(1, MESSAGES.requiredArray)

/** "2h 30m", "3h", "45m": minutes 1 to 59, hours at least 1. */
const DURATION_RE = /^(?:([1-9]\d*)h)?\s*(?:([1-9]|[1-5]\d)m)?$/
export function parseDuration(value: string): number | undefined {
  if (value.length > 100) return undefined
  const match = DURATION_RE.exec(value.trim())
  if (!match || (!match[1] && !match[2])) return undefined
  return (Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0)) * 60_000
}
export const duration = () => z.string().refine((v) => parseDuration(v) !== undefined, MESSAGES.duration)

/** A JSON text that holds an object; config fields say "Not valid JSON!" instead. */
export function jsonObjectText(message: string = MESSAGES.object) {
  return z.string().refine((v) => {
    if (v.trim() === '') return true
    try {
      const parsed: unknown = JSON.parse(v)
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    } catch {
      return false
    }
  }, message)
}

export const groupOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: () => MESSAGES.group })

/** The password hint is also the message when a password breaks it. */
export const password = () =>
  z.string().refine((v) => v.length >= 8 && /[A-Z]/.test(v) && /\d/.test(v), MESSAGES.password)

export const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: () => MESSAGES.enum })
