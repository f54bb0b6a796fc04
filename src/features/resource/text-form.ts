import { changedFields, mergeEdit } from '../../contract/edit-body'
import { PLATFORM_STAMPS } from '../../contract/platform-kept'
import { fieldsOf } from '../../contract/reading'
import { z } from '../../contract/zod'
import { parseFieldByField } from '../../ui/form/issued-values'

/** The values of a form whose fields are all text: one string a field. */
export type TextValues<R> = { -readonly [K in keyof R]: string }

const STAMPS: readonly string[] = PLATFORM_STAMPS

/**
 * A form of text fields, made from the rules of its fields in contract/ (the platform checks with
 * the same rules): its schema, its empty values, its values read from an entity, the input as sent,
 * and the body of an edit.
 */
export function textForm<R extends Record<string, z.ZodType<string>>>(rules: R) {
  type V = TextValues<R>
  const schema = z.object(rules)
  const fields = Object.keys(rules)
  const textOf = (v: unknown) => (typeof v === 'string' ? v : '')
  /** The values the form shows of an entity: each field as text, an absent one empty. */
  const toValues = (entity?: object): V =>
    Object.fromEntries(fields.map((f) => [f, textOf(fieldsOf(entity)[f])])) as V
  /** The form's values as sent: trimmed by the rules where they pass, as typed where they do not. */
  const toInput = (values: V): V => parseFieldByField(schema.shape, values)
  /**
   * What an edit sends (a PUT): everything received, fields the console does not show included (a
   * platform may keep more), with only what the user changed laid over; an absent field stays absent.
   */
  const editBody = (current: object, values: V): Record<string, unknown> => {
    const changes = changedFields(toInput(toValues(current)), toInput(values))
    const received = Object.fromEntries(Object.entries(current).filter(([k]) => !STAMPS.includes(k)))
    return mergeEdit(received, changes)
  }
  return { schema, empty: toValues(), toValues, toInput, editBody }
}

export type TextForm<V> = {
  schema: z.ZodType<V, V>
  empty: V
  toValues: (entity?: object) => V
  toInput: (values: V) => V
  editBody: (current: object, values: V) => Record<string, unknown>
}
