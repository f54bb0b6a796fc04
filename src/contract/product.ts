import { z } from 'zod'
import { MESSAGES } from './messages'
import { alphanumeric, isUrl, requiredText } from './rules'

export const PRODUCT_TYPES = [
  'dataproduct',
  'datasource',
  'datasource-template',
  'connector',
  'transformer',
] as const
export const VISIBILITY_TYPES = ['public', 'private', 'organizations'] as const

const optionalUrl = z
  .string()
  .max(2000)
  .refine((v) => v.trim() === '' || isUrl(v), MESSAGES.url)
const optionalEmail = z
  .string()
  .max(320)
  .refine((v) => v.trim() === '' || z.email().safeParse(v.trim()).success, MESSAGES.email)
const list = z.array(z.string().max(200)).max(200)
const json = z.record(z.string(), z.unknown())

/** The shared fields of products, sources, templates, connectors and transformers (SPEC §3). */
export const productInputSchema = z.object({
  name: requiredText().max(200),
  description: z.string().max(10_000).optional(),
  productCode: alphanumeric().max(100),
  type: z.enum(PRODUCT_TYPES, { error: () => MESSAGES.enum }),
  status: z.string().max(50).optional(),
  qualityAttributes: list.optional(),
  imageUrl: optionalUrl.optional(),
  publisherOrganizationId: z.string().max(100).optional(),
  organizationName: z.string().max(200).optional(),
  accessPoint: z.string().max(2000).optional(),
  dataSourceTemplate: z.string().max(100).optional(),
  selectedTransformers: list.optional(),
  inputFormats: list.optional(),
  outputFormat: z.string().max(100).optional(),
  isExternal: z.boolean().optional(),
  isOfficial: z.boolean().optional(),
  parameterContext: z.unknown().optional(),
  contactPersonName: z.string().max(200).optional(),
  contactPersonEmail: optionalEmail.optional(),
  protocolId: z.string().max(100).optional(),
  connector: z.string().max(100).optional(),
  supportedTransformers: list.optional(),
  allowConsumerCredentials: z.boolean().optional(),
  dataSource: z.string().max(100).optional(),
  harmonizedData: z.boolean().optional(),
  industries: list.optional(),
  parameterOptions: z.array(z.unknown()).max(200).optional(),
  visibility: z
    .object({ type: z.enum(VISIBILITY_TYPES, { error: () => MESSAGES.enum }), visibleTo: list.default([]) })
    .optional(),
  transformerType: z.string().max(100).optional(),
  transformationMap: z.unknown().optional(),
  schemaName: z.string().max(200).optional(),
  schemaVersion: z.string().max(50).optional(),
  schemaUrl: optionalUrl.optional(),
  connectorInfo: z.unknown().optional(),
  connectorType: z.string().max(100).optional(),
  connectorParameterMap: json.optional(),
  /** The product's actions (SPEC §2 "actions" tab): a JSON list kept as given. */
  actions: z.array(z.unknown()).max(200).optional(),
})
export type ProductInput = z.infer<typeof productInputSchema>

export const metaBodySchema = z.object({ meta: json })
export const taskBodySchema = z.object({ task: json })
export const qualityAttributeSchema = z.object({
  name: requiredText().max(200),
  value: z.string().max(2000).optional(),
})
