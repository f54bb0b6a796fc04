import { FormattedMessage } from 'react-intl'
import { catalog, catalogUsedByQuery, type Product } from '../../api/catalog'
import { UsedByDeleteDialog } from '../../ui/delete-dialog'

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
  return (
    <UsedByDeleteDialog
      entity={product}
      usedByQuery={catalogUsedByQuery}
      testId="catalog-used-by"
      title={
        <FormattedMessage
          id="catalog.deleteTitle"
          defaultMessage="Delete {name}?"
          values={{ name: product?.name }}
        />
      }
      inUse={(count, names) => (
        <FormattedMessage
          id="catalog.inUse"
          defaultMessage="{count, plural, one {# item or contract uses} other {# items or contracts use}} it, so it cannot be deleted: {names}."
          values={{ count, names }}
        />
      )}
      text={
        <FormattedMessage
          id="catalog.deleteText"
          defaultMessage="It is removed from the platform with its parts."
        />
      }
      queue={async () => (product ? catalog.queueDelete(product) : undefined)}
      onClose={onClose}
    />
  )
}
