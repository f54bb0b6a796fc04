import { useIntl } from 'react-intl'
import { type CatalogList, catalog } from '../../api/catalog'
import { isProductPartChange } from '../../api/product-parts'
import { PermittedScreen } from '../../auth/permitted'
import { EntityEditPage } from '../resource/entity-edit-page'
import { CatalogForm } from './catalog-form'
import { CATALOG_KINDS } from './catalog-kinds'
import type { CatalogPanels } from './catalog-panels'

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
  const kind = CATALOG_KINDS[list]
  return (
    <EntityEditPage
      resource={catalog}
      routeId={routeId}
      // The task and meta data tab says its own refusals; the form restores only its own.
      ofForm={(entry) => !isProductPartChange(entry)}
      createTitle={intl.formatMessage(kind.create)}
      editTitle={intl.formatMessage(kind.edit)}
      form={(entity) =>
        entity ? (
          <CatalogForm
            type={entity.current.type ?? kind.type}
            current={entity.current}
            panels={panels}
            refused={entity.refused}
          />
        ) : (
          <CatalogForm type={kind.type} panels={panels} />
        )
      }
    />
  )
}
