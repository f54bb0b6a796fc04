import { defineMessages, type MessageDescriptor } from 'react-intl'
import type { ProductType } from '../../contract/product'
import { CATALOG_LISTS, type CatalogList } from '../../core/resources'

export interface CatalogKind {
  list: CatalogList
  type: ProductType
  title: MessageDescriptor
  create: MessageDescriptor
  edit: MessageDescriptor
  newButton: MessageDescriptor
}

const m = defineMessages({
  products: { id: 'page.products', defaultMessage: 'Data Products' },
  productCreate: { id: 'page.productCreate', defaultMessage: 'New data product' },
  productEdit: { id: 'page.productEdit', defaultMessage: 'Edit data product' },
  sources: { id: 'page.sources', defaultMessage: 'Data Sources' },
  sourceCreate: { id: 'page.sourceCreate', defaultMessage: 'New data source' },
  sourceEdit: { id: 'page.sourceEdit', defaultMessage: 'Edit data source' },
  templates: { id: 'page.templates', defaultMessage: 'Templates' },
  templateCreate: { id: 'page.templateCreate', defaultMessage: 'New template' },
  templateEdit: { id: 'page.templateEdit', defaultMessage: 'Edit template' },
  connectors: { id: 'page.connectors', defaultMessage: 'Connectors' },
  connectorCreate: { id: 'page.connectorCreate', defaultMessage: 'New connector' },
  connectorEdit: { id: 'page.connectorEdit', defaultMessage: 'Edit connector' },
  transformers: { id: 'page.transformers', defaultMessage: 'Transformers' },
  transformerCreate: { id: 'page.transformerCreate', defaultMessage: 'New transformer' },
  transformerEdit: { id: 'page.transformerEdit', defaultMessage: 'Edit transformer' },
})

const kind = (
  list: CatalogList,
  title: MessageDescriptor,
  create: MessageDescriptor,
  edit: MessageDescriptor,
) => ({
  list,
  type: CATALOG_LISTS[list],
  title,
  create,
  edit,
  newButton: create,
})

/** The five catalog screens share one list, one form and one detail, told apart by this. */
export const CATALOG_KINDS: Record<CatalogList, CatalogKind> = {
  products: kind('products', m.products, m.productCreate, m.productEdit),
  sources: kind('sources', m.sources, m.sourceCreate, m.sourceEdit),
  templates: kind('templates', m.templates, m.templateCreate, m.templateEdit),
  connectors: kind('connectors', m.connectors, m.connectorCreate, m.connectorEdit),
  transformers: kind('transformers', m.transformers, m.transformerCreate, m.transformerEdit),
}

/** Where a catalog entity is edited: `/sources/{id}/edit` for a source, and so on. */
export const editPath = (list: CatalogList) => `/${list}/$id/edit` as const
export const listPath = (list: CatalogList) => `/${list}` as const
export const createPath = (list: CatalogList) => `/${list}/create` as const

export const STATUSES = ['draft', 'published', 'archived'] as const
export const SORT_FIELDS = ['updatedAt', 'createdAt', 'name', 'productCode', 'status'] as const
