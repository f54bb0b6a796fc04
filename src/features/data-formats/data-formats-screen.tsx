import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { DATA_FORMATS, type DataFormat, dataFormats } from '../../api/data-formats'
import { IfPermitted, usePermittedAction } from '../../auth/permitted'
import type { WithPending } from '../../outbox/outbox'
import { buttonClass } from '../../ui/button'
import { type Column, DataTable } from '../../ui/data-table'
import { ErrorNotice } from '../../ui/error-notice'
import { FetchedAt } from '../../ui/fetched-at'
import { PAGE_SIZES } from '../../ui/list/pagination'
import { useKeptPage } from '../../ui/list/use-kept-page'
import { PageHeader } from '../../ui/page-header'
import { useList } from '../resource/use-entity'
import { DataFormatDeleteDialog } from './data-format-delete-dialog'

const route = getRouteApi('/_user/data-formats/')
export function DataFormatsScreen() {
  const intl = useIntl()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const { page, limit } = search
  const { query, items: rows } = useList(dataFormats, { page, limit })
  const [deleting, setDeleting] = useState<DataFormat | null>(null)

  useKeptPage(
    DATA_FORMATS,
    { page, limit, totalCount: query.data?.totalCount, more: query.data?.more },
    (last) => {
      void navigate({ search: { page: last, limit }, replace: true })
    },
  )
  const changePage = (next: { page: number; limit: number }) => void navigate({ search: next })

  return (
    <div>
      <PageHeader
        title={<FormattedMessage id="page.dataFormats" defaultMessage="Data Formats" />}
        actions={
          <IfPermitted check={{ type: 'data-formats', actions: 'create' }}>
            <Link to="/data-formats/create" className={buttonClass('primary')}>
              <FormattedMessage id="dataFormats.create" defaultMessage="New data format" />
            </Link>
          </IfPermitted>
        }
      />
      <div className="mb-2 flex items-center justify-between">
        <FetchedAt
          updatedAt={query.dataUpdatedAt}
          fetching={query.isFetching}
          failed={query.isError}
          onRetry={() => void query.refetch()}
        />
      </div>
      {query.data?.error && (
        <div className="mb-4">
          <ErrorNotice error={{ message: query.data.error }} onRetry={() => void query.refetch()} />
        </div>
      )}
      <DataTable
        caption={intl.formatMessage({ id: 'page.dataFormats', defaultMessage: 'Data Formats' })}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        rowTestId="data-format-row"
        pagination={{
          page,
          limit,
          totalCount: query.data?.totalCount,
          more: query.data?.more,
          sizes: PAGE_SIZES,
          onChange: changePage,
        }}
        query={query}
        empty={query.data?.error ? null : undefined}
        actions={(row) => <DataFormatActions row={row} onDelete={() => setDeleting(row)} />}
      />
      <DataFormatDeleteDialog format={deleting} onClose={() => setDeleting(null)} />
    </div>
  )
}

const columns: Column<WithPending<DataFormat>>[] = [
  {
    id: 'code',
    className: 'font-mono',
    header: <FormattedMessage id="dataFormat.code" defaultMessage="Code" />,
    // At least a usual code wide: a code breaks only when longer than that.
    cell: (row) => <span className="block min-w-[10ch]">{row.dataFormatCode}</span>,
  },
  {
    id: 'name',
    pendingBadge: true,
    header: <FormattedMessage id="dataFormat.name" defaultMessage="Name" />,
    cell: (row) => row.name,
  },
  {
    id: 'type',
    priority: 'md',
    header: <FormattedMessage id="dataFormat.type" defaultMessage="Type" />,
    cell: (row) => row.type,
  },
  {
    id: 'description',
    priority: 'lg',
    className: 'max-w-md truncate',
    header: <FormattedMessage id="dataFormat.description" defaultMessage="Description" />,
    cell: (row) => row.description,
  },
]

/** Edit and delete: the delete's permission is asked per row. */
function DataFormatActions({ row, onDelete }: { row: WithPending<DataFormat>; onDelete: () => void }) {
  const deleteAction = usePermittedAction({ type: 'data-formats', actions: 'delete', entityIds: row.id })
  if (row.pending === 'delete') return null
  return (
    <>
      <Link
        to="/data-formats/{-$id}/edit"
        params={{ id: row.id }}
        className="rounded px-2 py-1 text-primary-800 underline hover:bg-primary-50"
      >
        <FormattedMessage id="common.edit" defaultMessage="Edit" />
        <span className="sr-only"> {row.name}</span>
      </Link>
      <button
        type="button"
        onClick={onDelete}
        disabled={deleteAction.disabled}
        title={deleteAction.reason}
        data-destructive
        className="ml-6 rounded px-2 py-1 text-red-800 underline hover:bg-red-50 disabled:cursor-not-allowed disabled:text-gray-400 disabled:no-underline"
      >
        <FormattedMessage id="common.delete" defaultMessage="Delete" />
        <span className="sr-only"> {row.name}</span>
        {deleteAction.reason && <span className="sr-only"> ({deleteAction.reason})</span>}
      </button>
    </>
  )
}
