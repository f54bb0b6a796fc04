import { onlineManager, type UseQueryOptions, useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { defineMessages, FormattedList, FormattedMessage, useIntl } from 'react-intl'
import type { UsedBy } from '../contract/envelope'
import type { OutboxEntry } from '../outbox/db'
import { discardEntry, isLocalId, retryEntry } from '../outbox/outbox'
import { awaitOutcome } from '../outbox/save-outcome'
import { ConfirmDialog } from './confirm-dialog'
import { showOutcomeNotice } from './form/platform-answer'
import { translateValidation } from './form/validation-message'
import { saveErrorOf } from './save-error'

interface DeleteDialogProps {
  open: boolean
  title: ReactNode
  description?: ReactNode
  confirmLabel?: ReactNode
  /** Queues the delete (the outbox is the one write path). */
  queue: () => Promise<OutboxEntry | undefined>
  /** The dialog is gone: cancelled, or the delete was done or kept to send (`done`). */
  onClose: (done?: boolean) => void
  /** The platform refused because something uses the entity: the caller asks again what does. */
  onInUse?: () => void
  /** The delete cannot be asked for now (the description says why). */
  confirmDisabled?: boolean
}

/**
 * Every delete's dialog: online it stays open, its button busy, until the platform answered. Done:
 * it closes with a "deleted" notice. Refused (403, in use, changed meanwhile): the dialog says why in
 * the user's language, and a dismissed refusal leaves nothing queued. No answer (offline, a server
 * error): the delete is kept on this device to send, and the row shows it waits.
 */
export function DeleteDialog({
  open,
  title,
  description,
  confirmLabel,
  queue,
  onClose,
  onInUse,
  confirmDisabled,
}: DeleteDialogProps) {
  const intl = useIntl()
  const [busy, setBusy] = useState(false)
  const [refused, setRefused] = useState<OutboxEntry>()
  const [serverError, setServerError] = useState<number>()
  const [notKept, setNotKept] = useState<string>()

  const reset = () => {
    setRefused(undefined)
    setServerError(undefined)
    setNotKept(undefined)
  }

  const confirm = async () => {
    setBusy(true)
    setServerError(undefined)
    setNotKept(undefined)
    try {
      const entry = refused ? await retryEntry(refused.id) : await queue()
      const outcome = await awaitOutcome(entry, { online: onlineManager.isOnline() })
      if (outcome.kind === 'refused') {
        setRefused(outcome.entry)
        if (outcome.entry.lastStatus === 409 && outcome.entry.status === 'failed') onInUse?.()
        return
      }
      setRefused(undefined)
      // A server error: the delete waits on this device, and the dialog says so before it is closed.
      if (outcome.kind === 'queued' && outcome.lastStatus && outcome.lastStatus >= 500) {
        setServerError(outcome.lastStatus)
        return
      }
      showOutcomeNotice(intl, entry, outcome)
      onClose(true)
    } catch (error) {
      // Not kept on this device to send (its storage full, the outbox's code not loaded): nothing was
      // deleted nor queued, and the dialog says so; Delete tries again.
      setNotKept(saveErrorOf(error))
    } finally {
      setBusy(false)
    }
  }

  const cancel = () => {
    // The refusal was shown where the delete was asked: nothing of it is left to send or retry.
    if (refused) void discardEntry(refused.id)
    const waiting = serverError !== undefined
    reset()
    onClose(waiting)
  }

  return (
    <ConfirmDialog
      open={open}
      danger
      title={title}
      description={description}
      busy={busy}
      confirmDisabled={confirmDisabled || serverError !== undefined}
      error={
        serverError !== undefined ? (
          <span data-testid="platform-refusal">
            <FormattedMessage
              id="delete.serverError"
              defaultMessage="The platform could not delete it now ({status}). The delete is kept on this device and will be sent again."
              values={{ status: serverError }}
            />
          </span>
        ) : refused ? (
          <span data-testid="platform-refusal">
            <DeleteRefusal entry={refused} />
          </span>
        ) : (
          notKept !== undefined && <DeleteNotKept detail={notKept} />
        )
      }
      confirmLabel={confirmLabel ?? <FormattedMessage id="common.delete" defaultMessage="Delete" />}
      cancelLabel={
        serverError !== undefined ? <FormattedMessage id="common.close" defaultMessage="Close" /> : undefined
      }
      onCancel={cancel}
      onConfirm={() => void confirm()}
    />
  )
}

/** A delete this device could not queue (`saveErrorOf`), in the user's language; another error as a detail. */
function DeleteNotKept({ detail }: { detail: string }) {
  if (detail === 'storage-full')
    return (
      <FormattedMessage
        id="delete.storageFull"
        defaultMessage="Not deleted: this device's storage is full. Free some space and delete again."
      />
    )
  if (detail === 'outbox-not-loaded')
    return (
      <FormattedMessage
        id="delete.outboxNotLoaded"
        defaultMessage="Not deleted: there is no connection, and this device cannot keep the delete yet. Delete again once you are online."
      />
    )
  if (detail === 'outbox-load-failed')
    return (
      <FormattedMessage
        id="delete.outboxLoadFailed"
        defaultMessage="Not deleted: the part of the console that keeps changes on this device could not be loaded. Delete again."
      />
    )
  return (
    <FormattedMessage
      id="delete.notKept"
      defaultMessage="Not deleted: this device could not keep the delete. Delete again. ({detail})"
      values={{ detail }}
    />
  )
}

/** Why the platform did not delete it: what each reason says. */
const DELETE_REFUSALS = defineMessages({
  conflict: {
    id: 'delete.changed',
    defaultMessage:
      'Someone changed it meanwhile, so the platform did not delete it. Look at it again before deleting.',
  },
  forbidden: { id: 'save.forbidden', defaultMessage: 'You do not have permission to make this change.' },
  inUse: {
    id: 'delete.inUseRefused',
    defaultMessage: 'Something uses it, so the platform did not delete it.',
  },
  refused: { id: 'save.deleteRefused', defaultMessage: 'The platform did not delete it.' },
})

function deleteRefusalOf(entry: OutboxEntry): keyof typeof DELETE_REFUSALS {
  if (entry.status === 'conflict') return 'conflict'
  if (entry.lastStatus === 403) return 'forbidden'
  if (entry.lastStatus === 409) return 'inUse'
  return 'refused'
}

/** Why the platform did not delete it, in the user's language; its own text apart, as text. */
function DeleteRefusal({ entry }: { entry: OutboxEntry }) {
  const intl = useIntl()
  return (
    <>
      <FormattedMessage {...DELETE_REFUSALS[deleteRefusalOf(entry)]} />
      {entry.lastError && (
        <span className="mt-1 block break-words text-xs" data-testid="platform-text">
          <FormattedMessage id="save.platformSaid" defaultMessage="The platform's message" />
          {': '}
          {entry.lastStatus ? `${entry.lastStatus}: ` : ''}
          {translateValidation(intl, entry.lastError)}
        </span>
      )}
    </>
  )
}

/** What uses an entity: all are counted, those the user may see are named. */
export function UsedByNames({ count, names }: { count: number; names: string[] }) {
  const unnamed = count - names.length
  return (
    <FormattedList
      type="conjunction"
      value={[
        ...names,
        ...(unnamed > 0
          ? [
              <FormattedMessage
                key="hidden"
                id="dataFormats.inUseHidden"
                defaultMessage="{count, plural, one {# you cannot see} other {# you cannot see}}"
                values={{ count: unnamed }}
              />,
            ]
          : []),
      ]}
    />
  )
}

/**
 * A delete's dialog that first asks the platform what uses the entity: one in use cannot be deleted
 * (the platform refuses it), and when the answer cannot be had the dialog says the platform decides.
 * Closes once the platform deleted it, or the delete is kept to send (`done`).
 */
export function UsedByDeleteDialog<Key extends readonly unknown[]>({
  entity,
  usedByQuery,
  title,
  inUse,
  text,
  testId,
  queue,
  onClose,
}: {
  entity: { id: string } | null
  usedByQuery: (id: string) => UseQueryOptions<UsedBy, Error, UsedBy, Key>
  title: ReactNode
  /** Says what uses it: how many, and the names the user may see (`names`). */
  inUse: (count: number, names: ReactNode) => ReactNode
  /** Says what the delete does, once nothing uses it. */
  text: ReactNode
  /** The test id of the in-use text. */
  testId: string
  queue: () => Promise<OutboxEntry | undefined>
  onClose: (done?: boolean) => void
}) {
  const id = entity?.id ?? ''
  const asks = entity !== null && !isLocalId(id)
  const usedBy = useQuery({ ...usedByQuery(id), enabled: asks })
  const count = usedBy.data?.count ?? 0
  const named = usedBy.data?.items.map((item) => item.name) ?? []
  // Only the first answer is waited for: a refetch behind it (a live change, say) keeps the last
  // answer shown and the button usable, so a click is never swallowed by a moment's disabling. The
  // platform still refuses a delete of something in use, and the dialog then asks again.
  const checking = asks && usedBy.isFetching && usedBy.data === undefined
  /** Checking, in use (and by what), unknown, or free to delete: what the dialog says. */
  const describeUse = () => {
    if (checking)
      return <FormattedMessage id="dataFormats.checkingUse" defaultMessage="Checking what uses it…" />
    if (count > 0)
      return <span data-testid={testId}>{inUse(count, <UsedByNames count={count} names={named} />)}</span>
    if (!usedBy.isError) return text
    return (
      <FormattedMessage
        id="dataFormats.useUnknown"
        defaultMessage="Could not check what uses it now: the platform refuses the delete if something does."
      />
    )
  }

  return (
    <DeleteDialog
      open={entity !== null}
      confirmDisabled={checking || count > 0}
      title={title}
      description={describeUse()}
      queue={queue}
      onInUse={() => void usedBy.refetch()}
      onClose={onClose}
    />
  )
}
