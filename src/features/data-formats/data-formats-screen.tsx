import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { DATA_FORMATS, type DataFormat, dataFormats } from '../../api/data-formats'
import { IfPermitted, usePermittedAction } from '../../auth/permitted'
import type { WithPending } from '../../offline/outbox'
import { PAGE_SIZES } from '../../offline/pagination'
import { useKeptPage } from '../../offline/use-kept-page'
import { ErrorNotice } from '../../ui/error-notice'
import { FetchedAt } from '../../ui/fetched-at'
import { PageHeader } from '../../ui/page-header'
import { Pagination } from '../../ui/pagination'
import { PendingBadge } from '../../ui/pending-badge'
import { QueryState } from '../../ui/query-state'
import { useList } from '../resource/use-entity'
import { DataFormatDeleteDialog } from './data-format-delete-dialog'

const route = getRouteApi('/_user/data-formats/')
const linkButton =
  'inline-flex items-center rounded-md bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800'

export function DataFormatsScreen() {
  const intl = useIntl()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const page = search.page ?? 1
  const limit = search.limit ?? 10
  const { query, items: rows } = useList(dataFormats, { page, limit })
  const [deleting, setDeleting] = useState<DataFormat | null>(null)

  useKeptPage(DATA_FORMATS, { page, limit, totalCount: query.data?.totalCount }, (last) => {
    void navigate({ search: { page: last, limit }, replace: true })
  })
  const changePage = (next: { page: number; limit: number }) => void navigate({ search: next })

  return (
    <div>
      <PageHeader
        title={<FormattedMessage id="page.dataFormats" defaultMessage="Data Formats" />}
        actions={
          <IfPermitted check={{ type: 'data-formats', actions: 'create' }}>
            <Link to="/data-formats/create" className={linkButton}>
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
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {intl.formatMessage({ id: 'page.dataFormats', defaultMessage: 'Data Formats' })}
          </caption>
          <thead className="border-b bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="px-4 py-3">
                <FormattedMessage id="dataFormat.code" defaultMessage="Code" />
              </th>
              <th scope="col" className="px-4 py-3">
                <FormattedMessage id="dataFormat.name" defaultMessage="Name" />
              </th>
              <th scope="col" className="hidden px-4 py-3 md:table-cell">
                <FormattedMessage id="dataFormat.type" defaultMessage="Type" />
              </th>
              <th scope="col" className="hidden px-4 py-3 lg:table-cell">
                <FormattedMessage id="dataFormat.description" defaultMessage="Description" />
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">
                  <FormattedMessage id="common.actions" defaultMessage="Actions" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && !query.data?.error && (
              <tr>
                <td colSpan={5} className="px-4 py-2">
                  <QueryState query={query} empty />
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <DataFormatRow key={row.id} row={row} onDelete={() => setDeleting(row)} />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={page}
        limit={limit}
        totalCount={query.data?.totalCount}
        sizes={PAGE_SIZES}
        onChange={changePage}
      />
      <DataFormatDeleteDialog format={deleting} onClose={() => setDeleting(null)} />
    </div>
  )
}

function DataFormatRow({ row, onDelete }: { row: WithPending<DataFormat>; onDelete: () => void }) {
  const deleted = row.pending === 'delete'
  const deleteAction = usePermittedAction({ type: 'data-formats', actions: 'delete', entityIds: row.id })
  return (
    <tr
      className={`border-b last:border-0 ${deleted ? 'text-gray-500 line-through' : ''}`}
      data-testid="data-format-row"
    >
      <td className="px-4 py-3 font-mono">{row.dataFormatCode}</td>
      <td className="px-4 py-3">
        {row.name}
        <PendingBadge status={row.pendingStatus} />
      </td>
      <td className="hidden px-4 py-3 md:table-cell">{row.type}</td>
      <td className="hidden max-w-md truncate px-4 py-3 lg:table-cell">{row.description}</td>
      <td className="px-4 py-3 text-right whitespace-nowrap">
        {!deleted && (
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
        )}
      </td>
    </tr>
  )
}
