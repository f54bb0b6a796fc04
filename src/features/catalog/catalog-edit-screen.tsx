import { useQuery } from '@tanstack/react-query'
import { useIntl } from 'react-intl'
import { CATALOG, type CatalogList, catalogItemQuery, fromLists, type Product } from '../../api/catalog'
import { isProductPartChange } from '../../api/product-parts'
import { PermittedScreen } from '../../auth/permitted'
import { newer } from '../../core/keys'
import { applyPendingTo, isLocalId } from '../../outbox/outbox'
import { useOverlay, useResolvedId } from '../../outbox/use-outbox'
import { ErrorNotice } from '../../ui/error-notice'
import { FetchedAt } from '../../ui/fetched-at'
import { refusedOf } from '../../ui/form/platform-answer'
import { PageHeader } from '../../ui/page-header'
import { PendingBadge } from '../../ui/pending-badge'
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
  const id = useResolvedId(CATALOG, routeId)
  const local = id !== undefined && isLocalId(id)
  const query = useQuery({ ...catalogItemQuery(id ?? ''), enabled: id !== undefined && !local })
  const row = id ? fromLists(id) : undefined
  const { pending, sent } = useOverlay(CATALOG, Math.max(query.dataUpdatedAt, row?.updatedAt ?? 0))
  const current = id
    ? applyPendingTo<Product>(newer(query.data, row?.data), id, pending, CATALOG, sent)
    : undefined

  // The task and meta data tab says its own refusals; the form restores only its own.
  const refused = refusedOf(pending, id, (entry) => !isProductPartChange(entry))

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
      {!local && (
        <FetchedAt
          updatedAt={query.dataUpdatedAt}
          fetching={query.isFetching}
          failed={query.isError}
          onRetry={() => void query.refetch()}
        />
      )}
      {current ? (
        <CatalogForm
          key={`${current.id}|${refused?.id ?? ''}`}
          type={current.type ?? kind.type}
          current={current}
          panels={panels}
          refused={refused}
        />
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <p aria-busy="true" className="text-gray-600">
          {intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading…' })}
        </p>
      )}
    </div>
  )
}
