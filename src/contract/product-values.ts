/**
 * A product's enumerated values and the views of its fields (tab, input, label, detail line): kept apart
 * from the product's schemas so that the product's detail shows its fields without loading zod.
 */

export const PRODUCT_TYPES = [
  'dataproduct',
  'datasource',
  'datasource-template',
  'connector',
  'transformer',
] as const
export const VISIBILITY_TYPES = ['public', 'private', 'organizations'] as const
export type ProductType = (typeof PRODUCT_TYPES)[number]

/** Named so that the message extractor collects the labels of the field table. */
const defineMessage = <T extends { id: string; defaultMessage: string }>(m: T) => m

/** The form tab a field is edited in (a source's configuration is its connector settings tab). */
export type ProductFieldTab = 'general' | 'information' | 'configuration' | 'connectorDefinition' | 'mapper'

/**
 * How the console shows one product field: the tab and input that edit it, its label, and how the
 * product's detail shows it. `custom` inputs and lines are drawn by the tab or the detail themselves;
 * the others are drawn from this entry alone. Its rule is in `PRODUCT_FIELDS` of the schema module.
 */
export interface ProductFieldView {
  tab: ProductFieldTab
  input: 'text' | 'url' | 'email' | 'textarea' | 'checkbox' | 'custom'
  label: { id: string; defaultMessage: string }
  autoComplete?: string
  /** A line of the detail: the text, or Yes/No; left out, the detail draws it itself (or not at all). */
  facts?: 'text' | 'yes'
}

/** The field table's views, in the order of the form's tabs; `PRODUCT_FIELDS` adds each field's rule. */
export const PRODUCT_FIELD_VIEWS = {
  imageUrl: {
    tab: 'information',
    input: 'url',
    label: defineMessage({ id: 'catalog.imageUrl', defaultMessage: 'Image URL' }),
    facts: 'text',
  },
  contactPersonName: {
    tab: 'information',
    input: 'text',
    label: defineMessage({ id: 'catalog.contactPersonName', defaultMessage: 'Contact person' }),
    autoComplete: 'name',
  },
  contactPersonEmail: {
    tab: 'information',
    input: 'email',
    label: defineMessage({ id: 'catalog.contactPersonEmail', defaultMessage: 'Contact email' }),
    autoComplete: 'email',
  },
  qualityAttributes: {
    tab: 'information',
    input: 'custom',
    label: defineMessage({ id: 'catalog.qualityAttributes', defaultMessage: 'Quality attributes' }),
  },
  industries: {
    tab: 'information',
    input: 'custom',
    label: defineMessage({ id: 'catalog.industries', defaultMessage: 'Industries' }),
  },
  isExternal: {
    tab: 'information',
    input: 'checkbox',
    label: defineMessage({ id: 'catalog.isExternal', defaultMessage: 'External' }),
    facts: 'yes',
  },
  isOfficial: {
    tab: 'information',
    input: 'checkbox',
    label: defineMessage({ id: 'catalog.isOfficial', defaultMessage: 'Official' }),
    facts: 'yes',
  },
} as const satisfies Record<string, ProductFieldView>
export type ProductFieldName = keyof typeof PRODUCT_FIELD_VIEWS
export const PRODUCT_FIELD_NAMES = Object.keys(PRODUCT_FIELD_VIEWS) as ProductFieldName[]
