import { FormattedMessage } from 'react-intl'
import { type DataFormat, dataFormats, dataFormatUsedByQuery } from '../../api/data-formats'
import { UsedByDeleteDialog } from '../../ui/delete-dialog'

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
  return (
    <UsedByDeleteDialog
      entity={format}
      usedByQuery={dataFormatUsedByQuery}
      testId="data-format-used-by"
      title={
        <FormattedMessage
          id="dataFormats.deleteTitle"
          defaultMessage="Delete {name}?"
          values={{ name: format?.name }}
        />
      }
      inUse={(count, names) => (
        <FormattedMessage
          id="dataFormats.inUse"
          defaultMessage="{count, plural, one {# item uses} other {# items use}} this data format, so it cannot be deleted: {names}."
          values={{ count, names }}
        />
      )}
      text={
        <FormattedMessage
          id="dataFormats.deleteText"
          defaultMessage="The data format is removed from the platform."
        />
      }
      queue={async () => (format ? dataFormats.queueDelete(format) : undefined)}
      onClose={onClose}
    />
  )
}
