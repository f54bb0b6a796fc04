import { DATA_FORMAT_RULES } from '../../contract/data-format'
import { z } from '../../contract/zod'

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
