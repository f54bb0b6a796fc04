import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import type { CatalogList, Product } from '../../api/catalog'
import { useEntityActions } from '../../auth/permitted'
import { readTime } from '../../contract/reading'
import type { WithPending } from '../../outbox/outbox'
import { type Column, DataTable, type SortState } from '../../ui/data-table'
import type { PaginationProps } from '../../ui/pagination'
import { editPath } from './catalog-kinds'
import { useCatalogLabels } from './catalog-labels'

export function CatalogTable({
  list,
  rows,
  caption,
  loading,
  empty,
  canEdit,
  onDelete,
  onOrganization,
  sort,
  onSort,
  pagination,
}: {
  list: CatalogList
  rows: WithPending<Product>[]
  caption: string
  loading: boolean
  /** What the table says with no rows: loading, failed or empty. */
  empty: ReactNode
  canEdit: boolean
  onDelete: (row: Product) => void
  onOrganization: (organizationId: string) => void
  sort: SortState
  onSort: (next: SortState) => void
  pagination: PaginationProps
}) {
  const labels = useCatalogLabels()
  const intl = useIntl()
  const { mayUpdate, deleteAction } = useEntityActions('products')
  const columns: Column<WithPending<Product>>[] = [
    {
      id: 'name',
      sortField: 'name',
      header: <FormattedMessage id="catalog.field.name" defaultMessage="Name" />,
      className: '[overflow-wrap:anywhere]',
      pendingBadge: true,
      cell: (row) => (
        <>
          {list === 'products' && row.pending !== 'create' ? (
            <Link to="/products/$id" params={{ id: row.id }} className="text-primary-800 underline">
              {row.name}
            </Link>
          ) : (
            row.name
          )}
          {/* At least a usual code wide: a code breaks only when longer than that. */}
          <span className="block min-w-[16ch] font-mono text-xs text-gray-600 md:hidden">
            {row.productCode}
          </span>
        </>
      ),
    },
    {
      id: 'productCode',
      sortField: 'productCode',
      priority: 'md',
      className: 'font-mono',
      header: <FormattedMessage id="catalog.field.productCode" defaultMessage="Product code" />,
      cell: (row) => <span className="block min-w-[16ch]">{row.productCode}</span>,
    },
    {
      id: 'status',
      sortField: 'status',
      header: <FormattedMessage id="catalog.field.status" defaultMessage="Status" />,
      className: 'whitespace-nowrap',
      cell: (row) => (row.status ? labels.status(row.status) : ''),
    },
    {
      id: 'publisher',
      priority: 'lg',
      header: <FormattedMessage id="catalog.publisherFilter" defaultMessage="Publisher" />,
      cell: (row) =>
        row.publisherOrganizationId && row.organizationName ? (
          <button
            type="button"
            className="text-left text-primary-800 underline"
            title={intl.formatMessage({
              id: 'catalog.filterByPublisher',
              defaultMessage: 'Show only the items of this publisher',
            })}
            onClick={() => onOrganization(row.publisherOrganizationId as string)}
          >
            {row.organizationName}
          </button>
        ) : (
          row.organizationName
        ),
    },
    {
      id: 'updatedAt',
      sortField: 'updatedAt',
      priority: 'lg',
      header: <FormattedMessage id="catalog.field.updatedAt" defaultMessage="Updated" />,
      cell: (row) => row.updatedAt && <FormattedDate value={readTime(row.updatedAt)} dateStyle="medium" />,
    },
  ]
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowTestId="catalog-row"
      empty={empty}
      busy={loading}
      sort={sort}
      onSort={onSort}
      pagination={pagination}
      actions={(row) =>
        canEdit &&
        row.pending !== 'delete' && (
          <>
            {mayUpdate && (
              <Link
                to={editPath(list)}
                params={{ id: row.id }}
                className="rounded px-2 py-1 text-primary-800 underline hover:bg-primary-50"
              >
                <FormattedMessage id="common.edit" defaultMessage="Edit" />
                <span className="sr-only"> {row.name}</span>
              </Link>
            )}
            <button
              type="button"
              onClick={() => onDelete(row)}
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
    />
  )
}
