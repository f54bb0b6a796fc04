import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { IfPermitted, PermittedScreen, useEntityActions } from '../../auth/permitted'
import { usePermission } from '../../auth/use-permission'
import type { Application } from '../../contract/application'
import type { WithPending } from '../../outbox/outbox'
import { buttonClass } from '../../ui/button'
import { type Column, DataTable } from '../../ui/data-table'
import { DeleteDialog } from '../../ui/delete-dialog'
import { FetchedAt } from '../../ui/fetched-at'
import { PAGE_SIZES } from '../../ui/list/pagination'
import { useKeptPage } from '../../ui/list/use-kept-page'
import { PageHeader } from '../../ui/page-header'
import { useList } from '../resource/use-entity'
import { applications } from './applications-resource'

const route = getRouteApi('/_user/me_/applications/')

/** `/me/applications`: the applications, with create, edit and delete for those who may. */
export function ApplicationsScreen() {
  return (
    <PermittedScreen check={{ type: 'applications', actions: 'read' }}>
      <ApplicationsList />
    </PermittedScreen>
  )
}

function ApplicationsList() {
  const intl = useIntl()
  const { page, limit } = route.useSearch()
  const navigate = route.useNavigate()
  const { query, items } = useList(applications, { page, limit })
  const [deleting, setDeleting] = useState<Application | null>(null)
  // Without a write permission the list is read only: no actions column at all.
  const writes = usePermission({ type: 'applications', actions: ['update', 'delete'] }).allowed

  useKeptPage(
    applications.name,
    { page, limit, totalCount: query.data?.totalCount, more: query.data?.more },
    (last) => void navigate({ search: { page: last, limit }, replace: true }),
  )

  return (
    <div>
      <Link to="/me" className="mb-1 inline-block text-sm text-primary-800 underline">
        <FormattedMessage id="applications.backToProfile" defaultMessage="Back to profile" />
      </Link>
      <PageHeader
        title={<FormattedMessage id="page.applications" defaultMessage="Applications" />}
        actions={
          <IfPermitted check={{ type: 'applications', actions: 'create' }}>
            <Link to="/me/applications/create" className={buttonClass('primary')}>
              <FormattedMessage id="applications.create" defaultMessage="New application" />
            </Link>
          </IfPermitted>
        }
      />
      <div className="mb-2">
        <FetchedAt
          updatedAt={query.dataUpdatedAt}
          fetching={query.isFetching}
          failed={query.isError}
          onRetry={() => void query.refetch()}
        />
      </div>
      <DataTable
        caption={intl.formatMessage({ id: 'page.applications', defaultMessage: 'Applications' })}
        columns={columns}
        rows={items}
        rowKey={(row) => row.id}
        rowTestId="application-row"
        query={query}
        pagination={{
          page,
          limit,
          totalCount: query.data?.totalCount,
          more: query.data?.more,
          sizes: PAGE_SIZES,
          onChange: (next) => void navigate({ search: next }),
        }}
        actions={
          writes ? (row) => <ApplicationActions row={row} onDelete={() => setDeleting(row)} /> : undefined
        }
      />
      <DeleteDialog
        open={deleting !== null}
        title={
          <FormattedMessage
            id="applications.deleteTitle"
            defaultMessage="Delete {name}?"
            values={{ name: deleting?.name }}
          />
        }
        description={
          <FormattedMessage
            id="applications.deleteText"
            defaultMessage="The application is removed from the platform, and the permissions granted in it no longer apply."
          />
        }
        queue={async () => (deleting ? applications.queueDelete(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </div>
  )
}

const columns: Column<WithPending<Application>>[] = [
  {
    id: 'name',
    pendingBadge: true,
    header: <FormattedMessage id="application.name" defaultMessage="Name" />,
    cell: (row) => row.name,
  },
  {
    id: 'description',
    priority: 'md',
    className: 'max-w-md truncate',
    header: <FormattedMessage id="application.description" defaultMessage="Description" />,
    cell: (row) => row.description,
  },
]

/** Edit, for who may change it; delete, for who may delete it: each asked for this row. */
function ApplicationActions({ row, onDelete }: { row: WithPending<Application>; onDelete: () => void }) {
  const { mayUpdate, deleteAction } = useEntityActions('applications', row.id)
  if (row.pending === 'delete') return null
  return (
    // One line even on a phone: the two actions side by side, never wrapped apart.
    <span className="inline-flex gap-4 whitespace-nowrap">
      {mayUpdate && (
        <Link
          to="/me/applications/{-$id}/edit"
          params={{ id: row.id }}
          className="rounded px-2 py-1 text-primary-800 underline hover:bg-primary-50"
        >
          <FormattedMessage id="common.edit" defaultMessage="Edit" />
          <span className="sr-only"> {row.name}</span>
        </Link>
      )}
      {!deleteAction.disabled && (
        <button
          type="button"
          onClick={onDelete}
          data-destructive
          className="rounded px-2 py-1 text-red-800 underline hover:bg-red-50"
        >
          <FormattedMessage id="common.delete" defaultMessage="Delete" />
          <span className="sr-only"> {row.name}</span>
        </button>
      )}
    </span>
  )
}
