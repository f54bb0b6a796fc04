import { z } from 'zod'

const required = 'This field is required'
const url = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i

/** The data format form (SPEC §3 fields, §5 messages). */
export const dataFormatFormSchema = z.object({
  dataFormatCode: z
    .string()
    .trim()
    .min(1, { message: required, abort: true })
    .regex(/^\w+$/, 'Only alphanumeric characters are allowed'),
  name: z.string().trim().min(1, { message: required, abort: true }).min(2, 'Too short'),
  description: z.string(),
  type: z.string(),
  ontologyContext: z
    .string()
    .refine((v) => v.trim() === '' || url.test(v.trim()), 'Please provide a valid URL'),
})

export type DataFormatFormValues = z.infer<typeof dataFormatFormSchema>

export const emptyDataFormat: DataFormatFormValues = {
  dataFormatCode: '',
  name: '',
  description: '',
  type: '',
  ontologyContext: '',
}
