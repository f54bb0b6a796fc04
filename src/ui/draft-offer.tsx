import { FormattedMessage, FormattedTime } from 'react-intl'
import type { useDraft } from '../outbox/drafts'
import { Alert } from './alert'
import { Button } from './button'

/** A full store: what was typed stays, and what is already queued is kept. */
function StorageFull() {
  return (
    <FormattedMessage
      id="storage.full"
      defaultMessage="This device's storage is full. Your entries stay in the form; free some space and save again. Changes already queued are kept."
    />
  )
}

/** A change this device could not queue (`saveErrorOf`), said in the user's language; another error as a detail. */
export function SaveNotKept({ detail }: { detail: string }) {
  if (detail === 'storage-full') return <StorageFull />
  if (detail === 'outbox-not-loaded')
    return (
      <FormattedMessage
        id="save.outboxNotLoaded"
        defaultMessage="Not saved: there is no connection, and this device cannot keep the change yet. Your entries stay in the form; save again once you are online."
      />
    )
  if (detail === 'outbox-load-failed')
    return (
      <FormattedMessage
        id="save.outboxLoadFailed"
        defaultMessage="Not saved: the part of the console that keeps changes on this device could not be loaded. Your entries stay in the form; save again."
      />
    )
  return (
    <FormattedMessage
      id="save.notKept"
      defaultMessage="This device could not keep the change. Your entries stay in the form; save again. ({detail})"
      values={{ detail }}
    />
  )
}

/** Above every entity form: the offer of a saved draft, a full store, and any other save problem. */
export function DraftOffer({
  draft,
  saveError,
  onRestore,
}: {
  draft: ReturnType<typeof useDraft<unknown>>
  saveError: string | null
  onRestore: (values: unknown) => void
}) {
  return (
    <>
      {draft.offered && (
        <div className="mb-4">
          <Alert tone="info">
            <p>
              <FormattedMessage
                id="draft.offer"
                defaultMessage="You have an unsaved draft from {time}."
                values={{
                  time: <FormattedTime value={draft.offered.updatedAt} dateStyle="short" timeStyle="short" />,
                }}
              />
            </p>
            <div className="mt-2 flex gap-2">
              <Button
                onClick={() => {
                  const restored = draft.accept()
                  if (restored) onRestore(restored)
                }}
              >
                <FormattedMessage id="draft.restore" defaultMessage="Restore draft" />
              </Button>
              <Button variant="secondary" onClick={() => void draft.discard()}>
                <FormattedMessage id="draft.discard" defaultMessage="Discard draft" />
              </Button>
            </div>
          </Alert>
        </div>
      )}
      {(draft.storageFull || saveError === 'storage-full') && (
        <div className="mb-4">
          <Alert>
            <StorageFull />
          </Alert>
        </div>
      )}
      {saveError && saveError !== 'storage-full' && (
        <div className="mb-4">
          <Alert>
            <SaveNotKept detail={saveError} />
          </Alert>
        </div>
      )}
    </>
  )
}

/**
 * Below an entity form's buttons: that the input is kept as a draft. It appears while the user types,
 * so it stands where it moves nothing under the pointer (above the form it pushed Save away mid-click).
 */
export function DraftKept({ draft }: { draft: ReturnType<typeof useDraft<unknown>> }) {
  return (
    <p role="status" className="mt-3 text-sm text-gray-700 empty:hidden" data-testid="draft-kept">
      {draft.kept && (
        <FormattedMessage
          id="draft.kept"
          defaultMessage="Your input is kept on this device as a draft until you save it: you can leave and come back."
        />
      )}
    </p>
  )
}
