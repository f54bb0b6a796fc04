import { defineMessages, type MessageDescriptor } from 'react-intl'
import type { ProductType } from '../../api/catalog'
import {
  PRODUCT_FIELD_NAMES,
  PRODUCT_FIELDS,
  type ProductField,
  type ProductFieldName,
  type ProductFieldTab,
} from '../../contract/product'
import type { CatalogFormValues } from './catalog-form-schema'
import type { CatalogPanels } from './catalog-panels'

export type TabId =
  | 'general'
  | 'information'
  | 'configuration'
  | 'actions'
  | 'contracts'
  | 'credentials'
  | 'connectorSettings'
  | 'connector'
  | 'taskMeta'
  | 'connectorDefinition'
  | 'mapper'
  | 'files'

export const TAB_LABELS: Record<TabId, MessageDescriptor> = defineMessages({
  general: { id: 'catalog.tab.general', defaultMessage: 'General' },
  information: { id: 'catalog.tab.information', defaultMessage: 'Information' },
  configuration: { id: 'catalog.tab.configuration', defaultMessage: 'Configuration' },
  actions: { id: 'catalog.tab.actions', defaultMessage: 'Actions' },
  contracts: { id: 'catalog.tab.contracts', defaultMessage: 'Contracts' },
  credentials: { id: 'catalog.tab.credentials', defaultMessage: 'Credentials' },
  connectorSettings: { id: 'catalog.tab.connectorSettings', defaultMessage: 'Connector settings' },
  connector: { id: 'catalog.tab.connector', defaultMessage: 'Connector' },
  taskMeta: { id: 'catalog.tab.taskMeta', defaultMessage: 'Task and meta data' },
  connectorDefinition: { id: 'catalog.tab.connectorDefinition', defaultMessage: 'Connector definition' },
  mapper: { id: 'catalog.tab.mapper', defaultMessage: 'Mapper' },
  files: { id: 'catalog.tab.files', defaultMessage: 'Files' },
})

const TABS: Record<ProductType, TabId[]> = {
  dataproduct: ['general', 'information', 'configuration', 'actions', 'contracts', 'credentials'],
  datasource: ['general', 'information', 'connectorSettings', 'connector', 'taskMeta'],
  'datasource-template': ['general', 'information', 'configuration'],
  connector: ['general', 'information', 'connectorDefinition'],
  transformer: ['general', 'information', 'mapper', 'files'],
}
const SLOTS: Partial<Record<TabId, keyof CatalogPanels>> = {
  contracts: 'contracts',
  credentials: 'credentials',
  taskMeta: 'taskMeta',
  files: 'files',
}

/** The tabs of a type's form; a slot tab only when its panel is given (no empty placeholders). */
export function tabsOf(type: ProductType, panels: CatalogPanels): TabId[] {
  return TABS[type].filter((tab) => {
    const slot = SLOTS[tab]
    return slot === undefined || panels[slot] !== undefined
  })
}

/** Which tab holds a field the table does not: a refused save opens the first tab with an error. */
const FIELD_TAB: Partial<Record<string, TabId>> = {
  actions: 'actions',
  connectorInfo: 'connectorDefinition',
  connectorType: 'connectorDefinition',
  connectorParameterMap: 'connectorDefinition',
  transformerType: 'mapper',
  transformationMap: 'mapper',
  schemaName: 'mapper',
  schemaVersion: 'mapper',
  schemaUrl: 'mapper',
} satisfies Partial<Record<keyof CatalogFormValues, TabId>>
const CONFIG_FIELDS = ['accessPoint', 'parameterContext', 'parameterOptions', 'protocolId', 'inputFormats']

const productField = (name: ProductFieldName): ProductField => PRODUCT_FIELDS[name]

export function tabOfField(type: ProductType, field: string): TabId {
  const name = PRODUCT_FIELD_NAMES.find((known) => known === field)
  const inTable: ProductFieldTab | undefined = name ? productField(name).tab : undefined
  const tab = inTable === 'configuration' ? undefined : (inTable ?? FIELD_TAB[field])
  if (tab) return tab
  if (inTable === 'configuration' || CONFIG_FIELDS.includes(field))
    return type === 'datasource' ? 'connectorSettings' : 'configuration'
  return 'general'
}
