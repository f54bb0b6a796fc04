import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import type { CatalogList, Product } from '../../api/catalog'
import { useEntityActions } from '../../auth/permitted'
import type { WithPending } from '../../outbox/outbox'
import { PendingBadge } from '../../ui/pending-badge'
import { editPath } from './catalog-kinds'
import { useCatalogLabels } from './catalog-labels'
import { SortHeader, type SortState } from './sort-header'

const th = 'px-4 py-3'

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
}) {
  const labels = useCatalogLabels()
  const intl = useIntl()
  const { mayUpdate, deleteAction } = useEntityActions('products')
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-gray-50 text-gray-700">
          <tr>
            <SortHeader field="name" sort={sort} onSort={onSort} className={th}>
              <FormattedMessage id="catalog.field.name" defaultMessage="Name" />
            </SortHeader>
            <SortHeader
              field="productCode"
              sort={sort}
              onSort={onSort}
              className={`hidden ${th} md:table-cell`}
            >
              <FormattedMessage id="catalog.field.productCode" defaultMessage="Product code" />
            </SortHeader>
            <SortHeader field="status" sort={sort} onSort={onSort} className={th}>
              <FormattedMessage id="catalog.field.status" defaultMessage="Status" />
            </SortHeader>
            <th scope="col" className={`hidden ${th} lg:table-cell`}>
              <FormattedMessage id="catalog.publisherFilter" defaultMessage="Publisher" />
            </th>
            <SortHeader
              field="updatedAt"
              sort={sort}
              onSort={onSort}
              className={`hidden ${th} lg:table-cell`}
            >
              <FormattedMessage id="catalog.field.updatedAt" defaultMessage="Updated" />
            </SortHeader>
            <th scope="col" className={th}>
              <span className="sr-only">
                <FormattedMessage id="common.actions" defaultMessage="Actions" />
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={6} aria-busy={loading} className="px-4 py-2">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row) => {
            const deleted = row.pending === 'delete'
            const local = row.pending === 'create'
            return (
              <tr
                key={row.id}
                data-testid="catalog-row"
                className={`border-b last:border-0 ${deleted ? 'text-gray-500 line-through' : ''}`}
              >
                <td className="px-4 py-3 [overflow-wrap:anywhere]">
                  {list === 'products' && !local ? (
                    <Link to="/products/$id" params={{ id: row.id }} className="text-primary-800 underline">
                      {row.name}
                    </Link>
                  ) : (
                    row.name
                  )}
                  <PendingBadge status={row.pendingStatus} />
                  <span className="block font-mono text-xs text-gray-600 md:hidden">{row.productCode}</span>
                </td>
                <td className={`hidden ${th} font-mono md:table-cell`}>{row.productCode}</td>
                <td className={th}>{row.status ? labels.status(row.status) : ''}</td>
                <td className={`hidden ${th} lg:table-cell`}>
                  {row.publisherOrganizationId && row.organizationName ? (
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
                  )}
                </td>
                <td className={`hidden ${th} lg:table-cell`}>
                  {row.updatedAt && <FormattedDate value={row.updatedAt} dateStyle="medium" />}
                </td>
                <td className="px-1 py-3 text-right whitespace-nowrap sm:px-4">
                  {canEdit && !deleted && (
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
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
