import type { Product, ProductType } from '../../api/catalog'
import { changedFields } from '../../contract/edit-body'
import { MESSAGES } from '../../contract/messages'
import {
  PRODUCT_FIELD_NAMES,
  PRODUCT_FIELDS,
  PRODUCT_TYPES,
  type ProductField,
  type ProductFieldName,
  type ProductInput,
  productFieldRules,
  PRODUCT_RULES as RULES,
  VISIBILITY_TYPES,
  visibilityNeedsOrganizations,
} from '../../contract/product'
import { fieldsOf, namesBack, readNames } from '../../contract/reading'
import { jsonObjectText } from '../../contract/rules'
import { z } from '../../contract/zod'
import { parseFieldByField } from '../../ui/form/issued-values'

/** Valid JSON of the wrong shape says which shape is wanted, not "Not valid JSON!". */
export const JSON_LIST_WANTED = 'Enter a list in square brackets: [ … ]'

/** A JSON text that may hold anything (connector info) or a list (parameter options, actions). */
const jsonText = (shape: 'array' | 'any') =>
  z.string().superRefine((v, ctx) => {
    if (v.trim() === '') return
    let parsed: unknown
    try {
      parsed = JSON.parse(v)
    } catch {
      ctx.addIssue({ code: 'custom', message: MESSAGES.json })
      return
    }
    if (shape === 'array' && !Array.isArray(parsed))
      ctx.addIssue({ code: 'custom', message: JSON_LIST_WANTED })
  })

/** The catalog form: the entity's fields, visibility flattened to visibilityType and selectedVisibilityTo. */
export const catalogFormSchema = z
  .object({
    type: z.enum(PRODUCT_TYPES, { error: () => MESSAGES.enum }),
    name: RULES.name,
    productCode: RULES.productCode,
    description: RULES.description,
    status: RULES.status,
    publisherOrganizationId: RULES.publisherOrganizationId,
    visibilityType: z.enum(VISIBILITY_TYPES, { error: () => MESSAGES.enum }),
    selectedVisibilityTo: RULES.list,
    accessPoint: RULES.accessPoint,
    protocolId: RULES.protocolId,
    dataSource: RULES.dataSource,
    dataSourceTemplate: RULES.dataSourceTemplate,
    connector: RULES.connector,
    selectedTransformers: RULES.list,
    supportedTransformers: RULES.list,
    inputFormats: RULES.list,
    outputFormat: RULES.outputFormat,
    harmonizedData: z.boolean(),
    allowConsumerCredentials: z.boolean(),
    parameterContext: jsonObjectText(MESSAGES.json),
    parameterOptions: jsonText('array'),
    actions: jsonText('array'),
    connectorInfo: jsonText('any'),
    connectorType: RULES.connectorType,
    connectorParameterMap: jsonObjectText(),
    transformerType: RULES.transformerType,
    transformationMap: jsonObjectText(),
    schemaName: RULES.schemaName,
    schemaVersion: RULES.schemaVersion,
    schemaUrl: RULES.schemaUrl,
    ...productFieldRules(false),
  })
  // The platform's rule (contract/product.ts), on the flattened fields (checked even when others fail).
  .refine((v) => !visibilityNeedsOrganizations(v.visibilityType, v.selectedVisibilityTo), {
    path: ['selectedVisibilityTo'],
    message: MESSAGES.group,
    when: (payload) => Array.isArray(fieldsOf(payload.value).selectedVisibilityTo),
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
    publisherOrganizationId: text(p?.publisherOrganizationId),
    visibilityType: p?.visibility?.type ?? 'private',
    selectedVisibilityTo: strings(p?.visibility?.visibleTo),
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
    ...tableValues(p),
  }
}

/** The form's values of the table's fields: a text, a list or a flag. */
function tableValues(p?: Partial<Product>) {
  const value = (name: ProductFieldName) => {
    const field: ProductField = PRODUCT_FIELDS[name]
    if (field.input === 'checkbox') return p?.[name] ?? false
    // Lists of names may come as objects (quality attributes): the form shows their names.
    return field.rule instanceof z.ZodArray ? readNames(p?.[name]) : text(p?.[name])
  }
  return Object.fromEntries(PRODUCT_FIELD_NAMES.map((name) => [name, value(name)])) as {
    [K in ProductFieldName]: z.input<(typeof PRODUCT_FIELDS)[K]['rule']>
  }
}

const parsed = (v: string): unknown => (v.trim() === '' ? undefined : JSON.parse(v))

/** What an emptied JSON field is sent as, so that an update (a PATCH merges) really clears it. */
const CLEARED = [
  ['parameterContext', null],
  ['parameterOptions', []],
  ['actions', []],
  ['connectorInfo', null],
  ['connectorParameterMap', {}],
  ['transformationMap', null],
] as const

/**
 * Back to the platform's shape: visibility as {type, visibleTo}, JSON texts parsed. A blank JSON
 * field is left out of a create; on an edit of an item that had it, it is sent empty.
 */
export function toProductInput(values: CatalogFormValues, current?: Partial<Product>): ProductInput {
  // A value the platform issued and the user left alone is sent as it is, even if the form's rule refuses it.
  const v = parseFieldByField(catalogFormSchema.shape, values) as z.output<typeof catalogFormSchema>
  const { visibilityType, selectedVisibilityTo, ...rest } = v
  const input: Record<string, unknown> = {
    ...rest,
    visibility: {
      type: visibilityType,
      visibleTo: visibilityType === 'organizations' ? selectedVisibilityTo : [],
    },
  }
  for (const [key, empty] of CLEARED) {
    const value = parsed(v[key])
    const had = current?.[key] !== undefined && current?.[key] !== null
    if (value !== undefined) input[key] = value
    else if (had) input[key] = empty
    else delete input[key]
  }
  // Names the platform gave as objects (quality attributes with values) go back as those objects.
  for (const name of PRODUCT_FIELD_NAMES) {
    const names = input[name]
    if (PRODUCT_FIELDS[name].rule instanceof z.ZodArray && Array.isArray(names))
      input[name] = namesBack(names, current?.[name])
  }
  // No publisher chosen: the platform fills in the current organization.
  if (input.publisherOrganizationId === '') delete input.publisherOrganizationId
  return input as ProductInput
}

/**
 * What an edit of a catalog item sends (a PATCH): only the fields whose value the user changed,
 * compared with the same form loaded and left alone. Nothing absent becomes "" or [], and fields
 * the console does not know stay on the platform as they are.
 */
export function productEditBody(
  type: ProductType,
  current: Partial<Product>,
  values: CatalogFormValues,
): Partial<ProductInput> {
  const before = toProductInput(toFormValues(type, current), current)
  const after = toProductInput(values, current)
  return changedFields(before, after) as Partial<ProductInput>
}
