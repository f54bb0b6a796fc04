import { useIntl } from 'react-intl'
import { type CatalogList, catalog } from '../../api/catalog'
import { isProductPartChange } from '../../api/product-parts'
import { PermittedScreen } from '../../auth/permitted'
import { PageHeader } from '../../ui/page-header'
import { PendingBadge } from '../../ui/pending-badge'
import { EntityState } from '../../ui/query-state'
import { useEntity } from '../resource/use-entity'
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
  // The task and meta data tab says its own refusals; the form restores only its own.
  const { id, local, query, current, refused } = useEntity(catalog, routeId, {
    ofForm: (entry) => !isProductPartChange(entry),
  })

  if (!id)
    return (
      <div>
        <PageHeader title={intl.formatMessage(kind.create)} />
        <CatalogForm type={kind.type} panels={panels} />
      </div>
    )
  return (
    <div>
      <PageHeader
        title={
          <>
            {intl.formatMessage(kind.edit)}
            <PendingBadge status={current?.pendingStatus} />
          </>
        }
      />
      <EntityState query={query} local={local} shown={current !== undefined}>
        {current && (
          <CatalogForm
            key={`${current.id}|${refused?.id ?? ''}`}
            type={current.type ?? kind.type}
            current={current}
            panels={panels}
            refused={refused}
          />
        )}
      </EntityState>
    </div>
  )
}
