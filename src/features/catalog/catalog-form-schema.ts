import { z } from 'zod'
import type { Product, ProductType } from '../../api/catalog'
import { MESSAGES } from '../../contract/messages'
import { PRODUCT_TYPES, type ProductInput, VISIBILITY_TYPES } from '../../contract/product'
import { alphanumeric, isUrl, jsonObjectText, requiredText } from '../../contract/rules'

const optionalUrl = z.string().refine((v) => v.trim() === '' || isUrl(v), MESSAGES.url)
const optionalEmail = z
  .string()
  .refine((v) => v.trim() === '' || z.email().safeParse(v.trim()).success, MESSAGES.email)
/** A JSON text that may hold anything (parameter options, actions, connector info): "Not valid JSON!". */
const jsonText = (shape: 'array' | 'any') =>
  z.string().refine((v) => {
    if (v.trim() === '') return true
    try {
      const parsed: unknown = JSON.parse(v)
      return shape === 'any' || Array.isArray(parsed)
    } catch {
      return false
    }
  }, MESSAGES.json)

/** The catalog form: SPEC §3 fields, visibility flattened to visibilityType and selectedVisibilityTo. */
export const catalogFormSchema = z
  .object({
    type: z.enum(PRODUCT_TYPES, { error: () => MESSAGES.enum }),
    name: requiredText().min(2, MESSAGES.tooShort),
    productCode: alphanumeric(),
    description: z.string(),
    status: z.string(),
    imageUrl: optionalUrl,
    publisherOrganizationId: z.string(),
    visibilityType: z.enum(VISIBILITY_TYPES, { error: () => MESSAGES.enum }),
    selectedVisibilityTo: z.array(z.string()),
    contactPersonName: z.string(),
    contactPersonEmail: optionalEmail,
    qualityAttributes: z.array(z.string()),
    industries: z.array(z.string()),
    isExternal: z.boolean(),
    isOfficial: z.boolean(),
    accessPoint: optionalUrl,
    protocolId: z.string(),
    dataSource: z.string(),
    dataSourceTemplate: z.string(),
    connector: z.string(),
    selectedTransformers: z.array(z.string()),
    supportedTransformers: z.array(z.string()),
    inputFormats: z.array(z.string()),
    outputFormat: z.string(),
    harmonizedData: z.boolean(),
    allowConsumerCredentials: z.boolean(),
    parameterContext: jsonObjectText(MESSAGES.json),
    parameterOptions: jsonText('array'),
    actions: jsonText('array'),
    connectorInfo: jsonText('any'),
    connectorType: z.string(),
    connectorParameterMap: jsonObjectText(),
    transformerType: z.string(),
    transformationMap: jsonObjectText(),
    schemaName: z.string(),
    schemaVersion: z.string(),
    schemaUrl: optionalUrl,
  })
  // Visible to chosen organizations only: at least one must be chosen (checked even when other fields fail).
  .refine((v) => v.visibilityType !== 'organizations' || v.selectedVisibilityTo?.length > 0, {
    path: ['selectedVisibilityTo'],
    message: MESSAGES.group,
    when: (payload) => {
      const v = payload.value as { visibilityType?: unknown; selectedVisibilityTo?: unknown }
      return Array.isArray(v?.selectedVisibilityTo)
    },
  })

export type CatalogFormValues = z.input<typeof catalogFormSchema>

const text = (v: unknown) => (typeof v === 'string' ? v : '')
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((i): i is string => typeof i === 'string') : [])
const jsonOf = (v: unknown) => (v === undefined || v === null || v === '' ? '' : JSON.stringify(v, null, 2))

export function toFormValues(type: ProductType, p?: Partial<Product>): CatalogFormValues {
  return {
    type: p?.type ?? type,
    name: text(p?.name),
    productCode: text(p?.productCode),
    description: text(p?.description),
    status: text(p?.status) || 'draft',
    imageUrl: text(p?.imageUrl),
    publisherOrganizationId: text(p?.publisherOrganizationId),
    visibilityType: p?.visibility?.type ?? 'private',
    selectedVisibilityTo: strings(p?.visibility?.visibleTo),
    contactPersonName: text(p?.contactPersonName),
    contactPersonEmail: text(p?.contactPersonEmail),
    qualityAttributes: strings(p?.qualityAttributes),
    industries: strings(p?.industries),
    isExternal: p?.isExternal ?? false,
    isOfficial: p?.isOfficial ?? false,
    accessPoint: text(p?.accessPoint),
    protocolId: text(p?.protocolId),
    dataSource: text(p?.dataSource),
    dataSourceTemplate: text(p?.dataSourceTemplate),
    connector: text(p?.connector),
    selectedTransformers: strings(p?.selectedTransformers),
    supportedTransformers: strings(p?.supportedTransformers),
    inputFormats: strings(p?.inputFormats),
    outputFormat: text(p?.outputFormat),
    harmonizedData: p?.harmonizedData ?? false,
    allowConsumerCredentials: p?.allowConsumerCredentials ?? false,
    parameterContext: jsonOf(p?.parameterContext),
    parameterOptions: jsonOf(p?.parameterOptions),
    actions: jsonOf(p?.actions),
    connectorInfo: jsonOf(p?.connectorInfo),
    connectorType: text(p?.connectorType),
    connectorParameterMap: jsonOf(p?.connectorParameterMap),
    transformerType: text(p?.transformerType),
    transformationMap: jsonOf(p?.transformationMap),
    schemaName: text(p?.schemaName),
    schemaVersion: text(p?.schemaVersion),
    schemaUrl: text(p?.schemaUrl),
  }
}

const parsed = (v: string): unknown => (v.trim() === '' ? undefined : JSON.parse(v))

/** What an emptied JSON field is sent as, so that an update (a PATCH merges) really clears it. */
const CLEARED = {
  parameterContext: null,
  parameterOptions: [],
  actions: [],
  connectorInfo: null,
  connectorParameterMap: {},
  transformationMap: null,
} as const

/**
 * Back to the platform's shape: visibility as {type, visibleTo}, JSON texts parsed. A blank JSON
 * field is left out of a create; on an edit of an item that had it, it is sent empty.
 */
export function toProductInput(values: CatalogFormValues, current?: Partial<Product>): ProductInput {
  const v = catalogFormSchema.parse(values)
  const { visibilityType, selectedVisibilityTo, ...rest } = v
  const input: Record<string, unknown> = {
    ...rest,
    visibility: {
      type: visibilityType,
      visibleTo: visibilityType === 'organizations' ? selectedVisibilityTo : [],
    },
  }
  for (const [key, empty] of Object.entries(CLEARED)) {
    const value = parsed(v[key as keyof typeof CLEARED])
    const had = current?.[key as keyof Product] !== undefined && current?.[key as keyof Product] !== null
    if (value !== undefined) input[key] = value
    else if (had) input[key] = empty
    else delete input[key]
  }
  // No publisher chosen: the platform fills in the current organization.
  if (input.publisherOrganizationId === '') delete input.publisherOrganizationId
  return input as ProductInput
}
