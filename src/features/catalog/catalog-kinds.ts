import { defineMessages, type MessageDescriptor } from 'react-intl'
import type { ProductType } from '../../contract/product'
import { CATALOG_LISTS, type CatalogList } from '../../core/resources'

export interface CatalogKind {
  list: CatalogList
  type: ProductType
  title: MessageDescriptor
  newButton: MessageDescriptor
}

const m = defineMessages({
  products: { id: 'page.products', defaultMessage: 'Data Products' },
  productCreate: { id: 'page.productCreate', defaultMessage: 'New data product' },
  sources: { id: 'page.sources', defaultMessage: 'Data Sources' },
  sourceCreate: { id: 'page.sourceCreate', defaultMessage: 'New data source' },
  templates: { id: 'page.templates', defaultMessage: 'Templates' },
  templateCreate: { id: 'page.templateCreate', defaultMessage: 'New template' },
  connectors: { id: 'page.connectors', defaultMessage: 'Connectors' },
  connectorCreate: { id: 'page.connectorCreate', defaultMessage: 'New connector' },
  transformers: { id: 'page.transformers', defaultMessage: 'Transformers' },
  transformerCreate: { id: 'page.transformerCreate', defaultMessage: 'New transformer' },
})

const kind = (list: CatalogList, title: MessageDescriptor, newButton: MessageDescriptor) => ({
  list,
  type: CATALOG_LISTS[list],
  title,
  newButton,
})

/**
 * The five catalog lists share one screen, told apart by this (the form's titles are its own: this
 * stays in the list's chunk).
 */
export const CATALOG_KINDS: Record<CatalogList, CatalogKind> = {
  products: kind('products', m.products, m.productCreate),
  sources: kind('sources', m.sources, m.sourceCreate),
  templates: kind('templates', m.templates, m.templateCreate),
  connectors: kind('connectors', m.connectors, m.connectorCreate),
  transformers: kind('transformers', m.transformers, m.transformerCreate),
}
