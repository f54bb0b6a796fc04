import { defineMessages, type MessageDescriptor, useIntl } from 'react-intl'
import { type CatalogList, catalog } from '../../api/catalog'
import { isProductPartChange } from '../../api/product-parts'
import { PermittedScreen } from '../../auth/permitted'
import { CATALOG_LISTS } from '../../core/resources'
import { EntityEditPage } from '../resource/entity-edit-page'
import { CatalogForm } from './catalog-form'
import type { CatalogPanels } from './catalog-panels'

const m = defineMessages({
  productCreate: { id: 'page.productCreate', defaultMessage: 'New data product' },
  productEdit: { id: 'page.productEdit', defaultMessage: 'Edit data product' },
  sourceCreate: { id: 'page.sourceCreate', defaultMessage: 'New data source' },
  sourceEdit: { id: 'page.sourceEdit', defaultMessage: 'Edit data source' },
  templateCreate: { id: 'page.templateCreate', defaultMessage: 'New template' },
  templateEdit: { id: 'page.templateEdit', defaultMessage: 'Edit template' },
  connectorCreate: { id: 'page.connectorCreate', defaultMessage: 'New connector' },
  connectorEdit: { id: 'page.connectorEdit', defaultMessage: 'Edit connector' },
  transformerCreate: { id: 'page.transformerCreate', defaultMessage: 'New transformer' },
  transformerEdit: { id: 'page.transformerEdit', defaultMessage: 'Edit transformer' },
})

const TITLES: Record<CatalogList, { create: MessageDescriptor; edit: MessageDescriptor }> = {
  products: { create: m.productCreate, edit: m.productEdit },
  sources: { create: m.sourceCreate, edit: m.sourceEdit },
  templates: { create: m.templateCreate, edit: m.templateEdit },
  connectors: { create: m.connectorCreate, edit: m.connectorEdit },
  transformers: { create: m.transformerCreate, edit: m.transformerEdit },
}

/** `/{list}/create` and `/{list}/{id}/edit` of every catalog type: without an id the form creates. */
/** The catalog item form, for users who may create (or, with an id, change) products. */
export function CatalogEditScreen(props: { list: CatalogList; id?: string; panels?: CatalogPanels }) {
  return (
    <PermittedScreen
      check={{ type: 'products', actions: props.id ? 'update' : 'create', entityIds: props.id }}
    >
      <CatalogEditForm {...props} />
    </PermittedScreen>
  )
}

function CatalogEditForm({
  list,
  id: routeId,
  panels,
}: {
  list: CatalogList
  id?: string
  panels?: CatalogPanels
}) {
  const intl = useIntl()
  const titles = TITLES[list]
  const type = CATALOG_LISTS[list]
  return (
    <EntityEditPage
      resource={catalog}
      routeId={routeId}
      // The task and meta data tab says its own refusals; the form restores only its own.
      ofForm={(entry) => !isProductPartChange(entry)}
      createTitle={intl.formatMessage(titles.create)}
      editTitle={intl.formatMessage(titles.edit)}
      form={(entity) =>
        entity ? (
          <CatalogForm
            type={entity.current.type ?? type}
            current={entity.current}
            panels={panels}
            refused={entity.refused}
          />
        ) : (
          <CatalogForm type={type} panels={panels} />
        )
      }
    />
  )
}
