import { useQuery } from '@tanstack/react-query'
import { FormattedMessage } from 'react-intl'
import { type DataFormat, dataFormats, dataFormatUsedByQuery } from '../../api/data-formats'
import { isLocalId } from '../../outbox/outbox'
import { DeleteDialog, UsedByNames } from '../../ui/delete-dialog'

/**
 * Asks before a data format is deleted, saying what uses it: one in use cannot be deleted (the
 * platform refuses it), and when the answer cannot be had the dialog says the platform decides.
 * The dialog closes once the platform deleted it, or the delete is kept to send.
 */
export function DataFormatDeleteDialog({
  format,
  onClose,
}: {
  format: DataFormat | null
  onClose: () => void
}) {
  const id = format?.id ?? ''
  const usedBy = useQuery({ ...dataFormatUsedByQuery(id), enabled: format !== null && !isLocalId(id) })
  const count = usedBy.data?.count ?? 0
  const named = usedBy.data?.items.map((item) => item.name) ?? []
  const checking = format !== null && !isLocalId(id) && usedBy.isFetching

  return (
    <DeleteDialog
      open={format !== null}
      confirmDisabled={checking || count > 0}
      title={
        <FormattedMessage
          id="dataFormats.deleteTitle"
          defaultMessage="Delete {name}?"
          values={{ name: format?.name }}
        />
      }
      description={
        checking ? (
          <FormattedMessage id="dataFormats.checkingUse" defaultMessage="Checking what uses it…" />
        ) : count > 0 ? (
          <span data-testid="data-format-used-by">
            <FormattedMessage
              id="dataFormats.inUse"
              defaultMessage="{count, plural, one {# item uses} other {# items use}} this data format, so it cannot be deleted: {names}."
              values={{
                count,
                names: <UsedByNames count={count} names={named} />,
              }}
            />
          </span>
        ) : usedBy.isError ? (
          <FormattedMessage
            id="dataFormats.useUnknown"
            defaultMessage="Could not check what uses it now: the platform refuses the delete if something does."
          />
        ) : (
          <FormattedMessage
            id="dataFormats.deleteText"
            defaultMessage="The data format is removed from the platform."
          />
        )
      }
      queue={async () => (format ? dataFormats.queueDelete(format) : undefined)}
      onInUse={() => void usedBy.refetch()}
      onClose={onClose}
    />
  )
}
