import { FormattedMessage, FormattedTime } from 'react-intl'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'

/** The offer of a saved draft, and the storage-full warning, above a form. */
export function DraftOffer({
  offeredAt,
  storageFull,
  onRestore,
  onDiscard,
}: {
  offeredAt?: number
  storageFull: boolean
  onRestore: () => void
  onDiscard: () => void
}) {
  return (
    <>
      {offeredAt !== undefined && (
        <div className="mb-4">
          <Alert tone="info">
            <p>
              <FormattedMessage
                id="draft.offer"
                defaultMessage="You have an unsaved draft from {time}."
                values={{ time: <FormattedTime value={offeredAt} dateStyle="short" timeStyle="short" /> }}
              />
            </p>
            <div className="mt-2 flex gap-2">
              <Button onClick={onRestore}>
                <FormattedMessage id="draft.restore" defaultMessage="Restore draft" />
              </Button>
              <Button variant="secondary" onClick={onDiscard}>
                <FormattedMessage id="draft.discard" defaultMessage="Discard draft" />
              </Button>
            </div>
          </Alert>
        </div>
      )}
      {storageFull && (
        <div className="mb-4">
          <Alert>
            <FormattedMessage
              id="storage.full"
              defaultMessage="This device's storage is full. Your entries stay in the form; free some space and save again. Changes already queued are kept."
            />
          </Alert>
        </div>
      )}
    </>
  )
}
