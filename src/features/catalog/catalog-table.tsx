import { Link } from '@tanstack/react-router'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import type { CatalogList, Product } from '../../api/catalog'
import { useEntityActions } from '../../auth/permitted'
import { readTime } from '../../contract/reading'
import type { WithPending } from '../../outbox/pending'
import type { Column } from '../../ui/data-table'
import { DeleteButton, EditLink } from '../../ui/row-actions'
import { useCatalogLabels } from './catalog-labels'
import { editPath } from './catalog-paths'

/**
 * The catalog list's columns (the product's name links to its detail) and its row actions: Edit for
 * who may change products, Delete disabled with the reason for who may not delete them.
 */
export function useCatalogTable(
  list: CatalogList,
  {
    canEdit,
    onDelete,
    onOrganization,
  }: {
    canEdit: boolean
    onDelete: (row: Product) => void
    onOrganization: (organizationId: string) => void
  },
) {
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
  const actions = (row: WithPending<Product>) =>
    canEdit &&
    row.pending !== 'delete' && (
      <>
        {mayUpdate && <EditLink to={editPath(list)} params={{ id: row.id }} name={row.name} />}
        <DeleteButton name={row.name} onClick={() => onDelete(row)} action={deleteAction} className="ml-6" />
      </>
    )
  return { columns, actions }
}
