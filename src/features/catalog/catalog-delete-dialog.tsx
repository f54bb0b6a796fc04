import { useQuery } from '@tanstack/react-query'
import { FormattedMessage } from 'react-intl'
import { catalog, catalogUsedByQuery, type Product } from '../../api/catalog'
import { isLocalId } from '../../outbox/outbox'
import { DeleteDialog, UsedByNames } from '../../ui/delete-dialog'

/**
 * Asks before a catalog item is deleted, saying what uses it (items naming it, its contracts): one in
 * use cannot be deleted, as the platform refuses it. Closes once the platform deleted it, or the
 * delete is kept to send (`done`).
 */
export function CatalogDeleteDialog({
  product,
  onClose,
}: {
  product: Product | null
  onClose: (done?: boolean) => void
}) {
  const id = product?.id ?? ''
  const asks = product !== null && !isLocalId(id)
  const usedBy = useQuery({ ...catalogUsedByQuery(id), enabled: asks })
  const count = usedBy.data?.count ?? 0
  const named = usedBy.data?.items.map((item) => item.name) ?? []
  const checking = asks && usedBy.isFetching

  return (
    <DeleteDialog
      open={product !== null}
      confirmDisabled={checking || count > 0}
      title={
        <FormattedMessage
          id="catalog.deleteTitle"
          defaultMessage="Delete {name}?"
          values={{ name: product?.name }}
        />
      }
      description={
        checking ? (
          <FormattedMessage id="dataFormats.checkingUse" defaultMessage="Checking what uses it…" />
        ) : count > 0 ? (
          <span data-testid="catalog-used-by">
            <FormattedMessage
              id="catalog.inUse"
              defaultMessage="{count, plural, one {# item or contract uses} other {# items or contracts use}} it, so it cannot be deleted: {names}."
              values={{ count, names: <UsedByNames count={count} names={named} /> }}
            />
          </span>
        ) : usedBy.isError ? (
          <FormattedMessage
            id="dataFormats.useUnknown"
            defaultMessage="Could not check what uses it now: the platform refuses the delete if something does."
          />
        ) : (
          <FormattedMessage
            id="catalog.deleteText"
            defaultMessage="It is removed from the platform with its parts."
          />
        )
      }
      queue={async () => (product ? catalog.queueDelete(product) : undefined)}
      onInUse={() => void usedBy.refetch()}
      onClose={onClose}
    />
  )
}
