import type { DataFormat } from '../../contract/data-format'
import { DATA_FORMAT_RULES } from '../../contract/data-format'
import { changedFields, mergeEdit } from '../../contract/edit-body'
import { PLATFORM_STAMPS } from '../../contract/platform-kept'
import { z } from '../../contract/zod'
import { parseFieldByField } from '../../ui/form/issued-values'

/** The data format form: the platform's rules and messages, from contract/. */
export const dataFormatFormSchema = z.object(DATA_FORMAT_RULES)

export type DataFormatFormValues = z.infer<typeof dataFormatFormSchema>

export const emptyDataFormat: DataFormatFormValues = {
  dataFormatCode: '',
  name: '',
  description: '',
  type: '',
  ontologyContext: '',
}

export function toDataFormatValues(entity?: Partial<DataFormat>): DataFormatFormValues {
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  return {
    dataFormatCode: text(entity?.dataFormatCode),
    name: text(entity?.name),
    description: text(entity?.description),
    type: text(entity?.type),
    ontologyContext: text(entity?.ontologyContext),
  }
}

/** The form's values as sent: trimmed by the rules where they pass, as typed where they do not. */
export function toDataFormatInput(values: DataFormatFormValues): DataFormatFormValues {
  return parseFieldByField(dataFormatFormSchema.shape, values)
}

/** Stamps the platform keeps: not sent back in a PUT. */
const STAMPS: readonly string[] = PLATFORM_STAMPS

/**
 * What an edit of a data format sends (a PUT): everything received, fields the console does not know
 * included, with only what the user changed laid over; an absent field stays absent.
 */
export function dataFormatEditBody(
  current: DataFormat,
  values: DataFormatFormValues,
): Record<string, unknown> {
  const changes = changedFields(toDataFormatInput(toDataFormatValues(current)), toDataFormatInput(values))
  const received = Object.fromEntries(Object.entries(current).filter(([k]) => !STAMPS.includes(k)))
  return mergeEdit(received, changes)
}
