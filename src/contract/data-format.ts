import { z } from 'zod'
import { alphanumeric, optionalUrl, requiredText } from './rules'

/** Data format (SPEC §3): id, dataFormatCode, name, description, type, ontologyContext. */
export const dataFormatInputSchema = z.object({
  dataFormatCode: alphanumeric(),
  name: requiredText().max(200),
  description: z.string().max(5000).optional().default(''),
  type: z.string().max(100).optional().default(''),
  ontologyContext: optionalUrl().optional().default(''),
})
export type DataFormatInput = z.infer<typeof dataFormatInputSchema>

export const dataFormatSchema = dataFormatInputSchema.extend({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().optional(),
  updatedBy: z.string().optional(),
})
export type DataFormat = z.infer<typeof dataFormatSchema>
