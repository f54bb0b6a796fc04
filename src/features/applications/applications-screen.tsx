import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { PermittedScreen, useEntityActions } from '../../auth/permitted'
import { usePermission } from '../../auth/use-permission'
import type { Application } from '../../contract/application'
import type { WithPending } from '../../outbox/pending'
import type { Column } from '../../ui/data-table'
import { deleteDialog } from '../../ui/dialog-parts'
import { OnDemand } from '../../ui/on-demand'
import { DeleteButton, EditLink } from '../../ui/row-actions'
import { addressPages, ListScreen } from '../resource/list-screen'
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
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const { page, limit } = search
  const { query, items } = useList(applications, { page, limit })
  const [deleting, setDeleting] = useState<Application | null>(null)
  // Without a write permission the list is read only: no actions column at all.
  const writes = usePermission({ type: 'applications', actions: ['update', 'delete'] }).allowed

  return (
    <ListScreen
      before={
        <Link to="/me" className="mb-1 inline-block text-sm text-primary-800 underline">
          <FormattedMessage id="applications.backToProfile" defaultMessage="Back to profile" />
        </Link>
      }
      title={<FormattedMessage id="page.applications" defaultMessage="Applications" />}
      create={{
        type: 'applications',
        to: '/me/applications/create',
        label: <FormattedMessage id="applications.create" defaultMessage="New application" />,
      }}
      query={query}
      pages={addressPages(applications.name, search, navigate)}
      columns={columns}
      rows={items}
      rowTestId="application-row"
      actions={
        writes ? (row) => <ApplicationActions row={row} onDelete={() => setDeleting(row)} /> : undefined
      }
    >
      <OnDemand
        part={deleteDialog}
        asked={deleting !== null}
        preload={writes}
        onClose={() => setDeleting(null)}
      >
        {(DeleteDialog) => (
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
        )}
      </OnDemand>
    </ListScreen>
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
      {mayUpdate && <EditLink to="/me/applications/{-$id}/edit" params={{ id: row.id }} name={row.name} />}
      {!deleteAction.disabled && <DeleteButton name={row.name} onClick={onDelete} />}
    </span>
  )
}
