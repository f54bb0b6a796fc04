import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { DATA_FORMATS, type DataFormat, dataFormats } from '../../api/data-formats'
import { usePermittedAction } from '../../auth/permitted'
import type { WithPending } from '../../outbox/pending'
import type { Column } from '../../ui/data-table'
import { OnDemand, onDemand } from '../../ui/on-demand'
import { DeleteButton, EditLink } from '../../ui/row-actions'
import { addressPages, ListScreen } from '../resource/list-screen'
import { useList } from '../resource/use-entity'

const deleteDialog = onDemand(
  () => import('./data-format-delete-dialog'),
  (m) => m.DataFormatDeleteDialog,
)

const route = getRouteApi('/_user/data-formats/')
export function DataFormatsScreen() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const { page, limit } = search
  const { query, items } = useList(dataFormats, { page, limit })
  const [deleting, setDeleting] = useState<DataFormat | null>(null)

  return (
    <ListScreen
      title={<FormattedMessage id="page.dataFormats" defaultMessage="Data Formats" />}
      create={{
        type: 'data-formats',
        to: '/data-formats/create',
        label: <FormattedMessage id="dataFormats.create" defaultMessage="New data format" />,
      }}
      query={query}
      pages={addressPages(DATA_FORMATS, search, navigate)}
      columns={columns}
      rows={items}
      rowTestId="data-format-row"
      actions={(row) => <DataFormatActions row={row} onDelete={() => setDeleting(row)} />}
    >
      <OnDemand part={deleteDialog} asked={deleting !== null} onClose={() => setDeleting(null)}>
        {(DeleteDialog) => <DeleteDialog format={deleting} onClose={() => setDeleting(null)} />}
      </OnDemand>
    </ListScreen>
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
      <EditLink to="/data-formats/{-$id}/edit" params={{ id: row.id }} name={row.name} />
      <DeleteButton name={row.name} onClick={onDelete} action={deleteAction} className="ml-6" />
    </>
  )
}
