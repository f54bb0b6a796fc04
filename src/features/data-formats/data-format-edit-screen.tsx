import { useQuery } from '@tanstack/react-query'
import { FormattedMessage } from 'react-intl'
import { DATA_FORMATS, type DataFormat, dataFormatQuery, fromLists } from '../../api/data-formats'
import { PermittedScreen } from '../../auth/permitted'
import { newer } from '../../core/keys'
import { applyPendingTo, isLocalId } from '../../outbox/outbox'
import { useOverlay, useResolvedId } from '../../outbox/use-outbox'
import { ErrorNotice } from '../../ui/error-notice'
import { FetchedAt } from '../../ui/fetched-at'
import { refusedOf } from '../../ui/form/platform-answer'
import { PageHeader } from '../../ui/page-header'
import { PendingBadge } from '../../ui/pending-badge'
import { DataFormatForm } from './data-format-form'

/** `/data-formats/create` and `/data-formats/{id?}/edit`: without an id the form creates. */
/** The data format form, for users who may create (or, with an id, change) data formats. */
export function DataFormatEditScreen({ id }: { id?: string }) {
  return (
    <PermittedScreen check={{ type: 'data-formats', actions: id ? 'update' : 'create', entityIds: id }}>
      <DataFormatEditForm id={id} />
    </PermittedScreen>
  )
}

function DataFormatEditForm({ id: routeId }: { id?: string }) {
  const id = useResolvedId(DATA_FORMATS, routeId)
  const local = id !== undefined && isLocalId(id)
  const query = useQuery({ ...dataFormatQuery(id ?? ''), enabled: id !== undefined && !local })
  const row = id ? fromLists(id) : undefined
  const { pending, sent } = useOverlay(DATA_FORMATS, Math.max(query.dataUpdatedAt, row?.updatedAt ?? 0))
  const current = id
    ? applyPendingTo<DataFormat>(newer(query.data, row?.data), id, pending, DATA_FORMATS, sent)
    : undefined

  const refused = refusedOf(pending, id)

  if (!id) {
    return (
      <div>
        <PageHeader
          title={<FormattedMessage id="page.dataFormatCreate" defaultMessage="New data format" />}
        />
        <DataFormatForm />
      </div>
    )
  }
  return (
    <div>
      <PageHeader
        title={
          <>
            <FormattedMessage id="page.dataFormatEdit" defaultMessage="Edit data format" />
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
        <DataFormatForm key={`${current.id}|${refused?.id ?? ''}`} current={current} refused={refused} />
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <p aria-busy="true" className="text-gray-600">
          <FormattedMessage id="common.loading" defaultMessage="Loading…" />
        </p>
      )}
    </div>
  )
}
