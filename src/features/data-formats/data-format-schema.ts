import { DATA_FORMAT_RULES } from '../../contract/data-format'
import { textForm } from '../resource/text-form'

/**
 * The data format form, from the platform's rules of its fields (contract/): its values read from a
 * data format, the input as sent, and the edit body (everything received, fields the console does not
 * know included, with only the user's change laid over; an absent field stays absent).
 */
export const dataFormatForm = textForm(DATA_FORMAT_RULES)

export const {
  schema: dataFormatFormSchema,
  empty: emptyDataFormat,
  toValues: toDataFormatValues,
  editBody: dataFormatEditBody,
} = dataFormatForm
