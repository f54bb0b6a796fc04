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
/** A text of at most `max` characters. */
export const text = (max: number) => z.string().max(max, MESSAGES.tooLong)
export const alphanumeric = () => requiredText().regex(/^\w+$/, MESSAGES.alphanumeric)
export const email = () => requiredText().email(MESSAGES.email)
export const digits = () => z.string().regex(/^\d+$/, MESSAGES.digits)

const URL_RE = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i
export const isUrl = (value: string) => URL_RE.test(value.trim())
export const url = () => z.string().refine(isUrl, MESSAGES.url)
export const optionalUrl = () =>
  z
    .string()
    .max(2000, MESSAGES.tooLong)
    .refine((v) => v.trim() === '' || isUrl(v), MESSAGES.url)

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i
export const uuidArray = () =>
  z.array(z.string()).refine((items) => items.every((i) => UUID_RE.test(i)), MESSAGES.uuids)
export const numberArray = () =>
  z
    .array(z.union([z.number(), z.string()]))
    .refine((items) => items.every((i) => i !== '' && Number.isFinite(Number(i))), MESSAGES.numbers)
export const alphanumericArray = () =>
  z.array(z.string()).refine((items) => items.every((i) => /^\w+$/.test(i)), MESSAGES.alphanumericItems)
export const requiredArray = <T extends z.ZodType>(item: T) => z.array(item).min(1, MESSAGES.requiredArray)

/** "2h 30m", "3h", "45m": minutes 1 to 59, hours at least 1. */
const DURATION_RE = /^(?:([1-9]\d*)h)?\s*(?:([1-9]|[1-5]\d)m)?$/
export function parseDuration(value: string): number | undefined {
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
