import { z } from 'zod'
import { requiredText } from './rules'

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

/** SPEC §8: "No organization selected." and "No contract selected." */
export const purchaseSchema = z.object({
  organizationId: z
    .string({ error: 'No organization selected.' })
    .trim()
    .min(1, 'No organization selected.')
    .max(100),
  contractId: z.string({ error: 'No contract selected.' }).trim().min(1, 'No contract selected.').max(100),
})

export const credentialsSchema = z.object({
  productId: requiredText().max(100),
  credentials: z.record(z.string().max(200), z.string().max(4000)),
})
