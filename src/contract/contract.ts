// Contract layer: shapes and data shared with server/. Imports nothing else of the console.

import { requiredText } from './rules'
import { z } from './zod'

const date = z.iso.datetime({ offset: true }).or(z.iso.date())

/** A contract between a data publisher and a data consumer, valid from and to (SPEC §3). */
export const contractInputSchema = z
  .object({
    productId: requiredText().max(100),
    consumerOrganizationId: requiredText().max(100),
    validFrom: date,
    validTo: date,
  })
  .refine((c) => Date.parse(c.validTo) > Date.parse(c.validFrom), {
    message: 'validTo must be after validFrom',
    path: ['validTo'],
  })

export const contractQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  productId: z.string().max(100).optional(),
})

/** SPEC §8: "No organization selected." and "No contract selected." */
export const NO_ORGANIZATION = 'No organization selected.'
export const NO_CONTRACT = 'No contract selected.'
export const purchaseSchema = z.object({
  organizationId: z.string({ error: NO_ORGANIZATION }).trim().min(1, NO_ORGANIZATION).max(100),
  contractId: z.string({ error: NO_CONTRACT }).trim().min(1, NO_CONTRACT).max(100),
})

/** Credentials of a product: names and secret values (strings, numbers or flags). */
export const credentialsSchema = z.object({
  productId: requiredText().max(100),
  credentials: z
    .record(z.string().min(1).max(200), z.union([z.string().max(4000), z.number(), z.boolean()]))
    .refine((c) => Object.keys(c).length <= 50, 'At most 50 credentials'),
})
export const credentialsQuerySchema = z.object({ productId: requiredText().max(100) })
