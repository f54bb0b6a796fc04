import { MESSAGES } from './messages'
import {
  PRODUCT_FIELD_NAMES,
  PRODUCT_FIELD_VIEWS,
  PRODUCT_TYPES,
  type ProductFieldName,
  type ProductFieldView,
  VISIBILITY_TYPES,
} from './product-values'
import { alphanumeric, limit, MAX_EMAIL, optionalUrl, requiredText, text } from './rules'
import { stamps } from './stamps'
import { z } from './zod'

export {
  PRODUCT_FIELD_NAMES,
  PRODUCT_TYPES,
  type ProductFieldName,
  type ProductFieldTab,
  type ProductFieldView,
  type ProductType,
  VISIBILITY_TYPES,
} from './product-values'

const optionalEmail = z
  .string()
  .max(MAX_EMAIL, limit(MESSAGES.tooLong))
  .refine((v) => v.trim() === '' || z.email().safeParse(v.trim()).success, MESSAGES.email)
const list = z.array(z.string().max(200, MESSAGES.tooLong)).max(200, MESSAGES.tooLarge)
const json = z.record(z.string(), z.unknown())

/**
 * The rules of the fields a user edits, one set for the console's form and the platform's validation
 * (issue 21: the form must never refuse what the platform holds, nor accept what it refuses).
 */
export const PRODUCT_RULES = {
  name: requiredText().min(2, MESSAGES.tooShort).max(200, MESSAGES.tooLong),
  productCode: alphanumeric(100),
  description: text(10_000),
  // Every product has a status: absent on create means the platform's default, blank is refused.
  status: requiredText().max(50, MESSAGES.tooLong),
  imageUrl: optionalUrl(),
  publisherOrganizationId: text(100),
  contactPersonName: text(200),
  contactPersonEmail: optionalEmail,
  accessPoint: optionalUrl(),
  protocolId: text(100),
  dataSource: text(100),
  dataSourceTemplate: text(100),
  connector: text(100),
  outputFormat: text(100),
  connectorType: text(100),
  transformerType: text(100),
  schemaName: text(200),
  schemaVersion: text(50),
  schemaUrl: optionalUrl(),
  list,
} as const

/** One product field of the console: its view (`ProductFieldView`) and its rule, the form's and the platform's. */
export interface ProductField extends ProductFieldView {
  rule: z.ZodType<string> | z.ZodType<boolean> | z.ZodType<string[]>
}

/**
 * The field table: a field added here is validated by the console and the platform, edited in its tab
 * (in this order) and shown on the product's detail. The platform keeps a product's fields as they come.
 */
export const PRODUCT_FIELDS = {
  imageUrl: { ...PRODUCT_FIELD_VIEWS.imageUrl, rule: PRODUCT_RULES.imageUrl },
  contactPersonName: { ...PRODUCT_FIELD_VIEWS.contactPersonName, rule: PRODUCT_RULES.contactPersonName },
  contactPersonEmail: { ...PRODUCT_FIELD_VIEWS.contactPersonEmail, rule: PRODUCT_RULES.contactPersonEmail },
  qualityAttributes: { ...PRODUCT_FIELD_VIEWS.qualityAttributes, rule: list },
  industries: { ...PRODUCT_FIELD_VIEWS.industries, rule: list },
  isExternal: { ...PRODUCT_FIELD_VIEWS.isExternal, rule: z.boolean() },
  isOfficial: { ...PRODUCT_FIELD_VIEWS.isOfficial, rule: z.boolean() },
} as const satisfies { [K in ProductFieldName]: ProductField }

type FieldRules<Optional extends boolean> = {
  [K in ProductFieldName]: Optional extends true
    ? z.ZodOptional<(typeof PRODUCT_FIELDS)[K]['rule']>
    : (typeof PRODUCT_FIELDS)[K]['rule']
}
/** The table's rules, for a form (as they are) or the platform's input (each optional). */
export function productFieldRules<Optional extends boolean>(optional: Optional): FieldRules<Optional> {
  return Object.fromEntries(
    PRODUCT_FIELD_NAMES.map((name) => {
      const rule = PRODUCT_FIELDS[name].rule
      return [name, optional ? rule.optional() : rule]
    }),
  ) as FieldRules<Optional>
}

/** Visible to chosen organizations only: at least one must be chosen. */
export const visibilityNeedsOrganizations = (
  type: string | undefined,
  visibleTo: readonly string[] | undefined,
) => type === 'organizations' && (visibleTo?.length ?? 0) === 0

export const visibilitySchema = z
  .object({ type: z.enum(VISIBILITY_TYPES, { error: () => MESSAGES.enum }), visibleTo: list.default([]) })
  .refine((v) => !visibilityNeedsOrganizations(v.type, v.visibleTo), {
    path: ['visibleTo'],
    message: MESSAGES.group,
  })

/** The shared fields of products, sources, templates, connectors and transformers. */
export const productInputSchema = z.object({
  name: PRODUCT_RULES.name,
  description: PRODUCT_RULES.description.optional(),
  productCode: PRODUCT_RULES.productCode,
  type: z.enum(PRODUCT_TYPES, { error: () => MESSAGES.enum }),
  status: PRODUCT_RULES.status.optional(),
  publisherOrganizationId: PRODUCT_RULES.publisherOrganizationId.optional(),
  organizationName: z.string().max(200).optional(),
  accessPoint: PRODUCT_RULES.accessPoint.optional(),
  dataSourceTemplate: PRODUCT_RULES.dataSourceTemplate.optional(),
  selectedTransformers: list.optional(),
  inputFormats: list.optional(),
  outputFormat: PRODUCT_RULES.outputFormat.optional(),
  parameterContext: z.unknown().optional(),
  protocolId: PRODUCT_RULES.protocolId.optional(),
  connector: PRODUCT_RULES.connector.optional(),
  supportedTransformers: list.optional(),
  allowConsumerCredentials: z.boolean().optional(),
  dataSource: PRODUCT_RULES.dataSource.optional(),
  harmonizedData: z.boolean().optional(),
  parameterOptions: z.array(z.unknown()).max(200).optional(),
  visibility: visibilitySchema.optional(),
  transformerType: PRODUCT_RULES.transformerType.optional(),
  transformationMap: z.unknown().optional(),
  schemaName: PRODUCT_RULES.schemaName.optional(),
  schemaVersion: PRODUCT_RULES.schemaVersion.optional(),
  schemaUrl: PRODUCT_RULES.schemaUrl.optional(),
  connectorInfo: z.unknown().optional(),
  connectorType: PRODUCT_RULES.connectorType.optional(),
  connectorParameterMap: json.optional(),
  /** The product's actions (its "actions" tab): a JSON list kept as given. */
  actions: z.array(z.unknown()).max(200).optional(),
  ...productFieldRules(true),
})
export type ProductInput = z.infer<typeof productInputSchema>

/** A catalog entity as the platform holds it: its fields and who made and changed it, when. */
export const productSchema = productInputSchema.extend({
  id: z.string(),
  ...stamps,
  /** Names of those users, when the platform tells them (a signed-in reader of one product). */
  createdByName: z.string().optional(),
  updatedByName: z.string().optional(),
})
export type Product = z.infer<typeof productSchema>

export const metaBodySchema = z.object({ meta: json })
export const taskBodySchema = z.object({ task: json })
export const qualityAttributeSchema = z.object({
  name: requiredText().max(200),
  value: z.string().max(2000).optional(),
})
