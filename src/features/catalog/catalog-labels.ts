import { defineMessages, useIntl } from 'react-intl'

const statuses = defineMessages({
  draft: { id: 'catalog.status.draft', defaultMessage: 'Draft' },
  published: { id: 'catalog.status.published', defaultMessage: 'Published' },
  archived: { id: 'catalog.status.archived', defaultMessage: 'Archived' },
})
const visibilities = defineMessages({
  public: { id: 'catalog.visibility.public', defaultMessage: 'Public' },
  private: { id: 'catalog.visibility.private', defaultMessage: 'Private' },
  organizations: { id: 'catalog.visibility.organizations', defaultMessage: 'Chosen organizations' },
})
const types = defineMessages({
  dataproduct: { id: 'catalog.type.dataproduct', defaultMessage: 'Data product' },
  datasource: { id: 'catalog.type.datasource', defaultMessage: 'Data source' },
  'datasource-template': { id: 'catalog.type.template', defaultMessage: 'Template' },
  connector: { id: 'catalog.type.connector', defaultMessage: 'Connector' },
  transformer: { id: 'catalog.type.transformer', defaultMessage: 'Transformer' },
})
const fields = defineMessages({
  updatedAt: { id: 'catalog.field.updatedAt', defaultMessage: 'Updated' },
  createdAt: { id: 'catalog.field.createdAt', defaultMessage: 'Created' },
  name: { id: 'catalog.field.name', defaultMessage: 'Name' },
  productCode: { id: 'catalog.field.productCode', defaultMessage: 'Product code' },
  status: { id: 'catalog.field.status', defaultMessage: 'Status' },
})

/** Readable names of statuses, visibilities and sort fields; unknown values are shown as they came. */
export function useCatalogLabels() {
  const intl = useIntl()
  const pick = (table: Record<string, { id: string; defaultMessage: string }>, value: string) => {
    const descriptor = table[value]
    return descriptor ? intl.formatMessage(descriptor) : value
  }
  return {
    status: (value: string) => pick(statuses, value),
    visibility: (value: string) => pick(visibilities, value),
    field: (value: string) => pick(fields, value),
    type: (value: string) => pick(types, value),
  }
}
