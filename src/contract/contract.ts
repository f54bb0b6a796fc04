// Contract layer: shapes and data shared with server/. Imports nothing else of the console.

import { CREDENTIAL_LIMITS, NO_CONTRACT, NO_ORGANIZATION } from './contract-values'
import { limit, requiredText } from './rules'
import { stamps } from './stamps'
import { z } from './zod'

/** The length is checked before the date's pattern runs. */
const date = z
  .string()
  .max(64, limit())
  .pipe(z.iso.datetime({ offset: true }).or(z.iso.date()))

/** A contract between a data publisher and a data consumer, valid from and to. */
const contractFields = z.object({
  productId: requiredText().max(100),
  consumerOrganizationId: requiredText().max(100),
  validFrom: date,
  validTo: date,
})
export const contractInputSchema = contractFields.refine(
  (c) => Date.parse(c.validTo) > Date.parse(c.validFrom),
  {
    message: 'validTo must be after validFrom',
    path: ['validTo'],
  },
)
export type ContractInput = z.infer<typeof contractInputSchema>

/** A contract as the platform holds it, with the names of its publisher and consumer. */
export const contractSchema = contractFields.extend({
  id: z.string(),
  dataPublisher: z.string().nullish(),
  dataConsumer: z.string().nullish(),
  ...stamps,
})
export type Contract = z.infer<typeof contractSchema>

export const contractQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  productId: z.string().max(100).optional(),
})

export { NO_CONTRACT } from './contract-values'
export const purchaseSchema = z.object({
  organizationId: z.string({ error: NO_ORGANIZATION }).trim().min(1, NO_ORGANIZATION).max(100),
  contractId: z.string({ error: NO_CONTRACT }).trim().min(1, NO_CONTRACT).max(100),
})

/** Credentials of a product: names and secret values (strings, numbers or flags). */
export const credentialsSchema = z.object({
  productId: requiredText().max(100),
  credentials: z
    .record(
      z.string().min(1).max(CREDENTIAL_LIMITS.name),
      z.union([z.string().max(CREDENTIAL_LIMITS.value), z.number(), z.boolean()]),
    )
    .refine((c) => Object.keys(c).length <= 50, 'At most 50 credentials'),
})
export const credentialValueSchema = z.union([z.string(), z.number(), z.boolean()])
export const savedCredentialsSchema = z.object({
  productId: z.string(),
  /** Values come back masked: only their last characters, if any, are shown. */
  credentials: z.record(z.string(), credentialValueSchema),
  updatedAt: z.string().optional(),
})
export type SavedCredentials = z.infer<typeof savedCredentialsSchema>
export const credentialsQuerySchema = z.object({ productId: requiredText().max(100) })
