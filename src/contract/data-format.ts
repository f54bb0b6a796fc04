import { MESSAGES } from './messages'
import { alphanumeric, optionalUrl, requiredText, text } from './rules'
import { stamps } from './stamps'
import { z } from './zod'

/**
 * The rules of a data format's fields, one set for the console's form and the platform's validation
 * (issue 21: the form must never refuse what the platform holds, nor accept what it refuses).
 */
export const DATA_FORMAT_RULES = {
  dataFormatCode: alphanumeric(100),
  name: requiredText().min(2, MESSAGES.tooShort).max(200, MESSAGES.tooLong),
  description: text(5000),
  type: text(100),
  ontologyContext: optionalUrl(),
} as const

/** Data format: id, dataFormatCode, name, description, type, ontologyContext. */
export const dataFormatInputSchema = z.object({
  dataFormatCode: DATA_FORMAT_RULES.dataFormatCode,
  name: DATA_FORMAT_RULES.name,
  description: DATA_FORMAT_RULES.description.optional().default(''),
  type: DATA_FORMAT_RULES.type.optional().default(''),
  ontologyContext: DATA_FORMAT_RULES.ontologyContext.optional().default(''),
})
/** What may be sent: the texts left out are empty. */
export type DataFormatInput = z.input<typeof dataFormatInputSchema>

/** A data format as the platform holds it. */
export const dataFormatSchema = dataFormatInputSchema.extend({ id: z.string(), ...stamps })
export type DataFormat = z.infer<typeof dataFormatSchema>
