import { FILE_KINDS } from './file-kinds'
import { z } from './zod'

/** A file kept with a product: a mapper or a transformer's samples. */
export const productFileSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  kind: z.enum(FILE_KINDS).optional(),
  contentType: z.string(),
  size: z.number(),
  createdAt: z.string().optional(),
})
export type ProductFile = z.infer<typeof productFileSchema>
