import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { Button } from './button'
import { useReturnFocus } from './return-focus'

interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  description?: ReactNode
  confirmLabel: ReactNode
  /** The cancel button's words when it only closes (the action is already done or kept to send). */
  cancelLabel?: ReactNode
  onConfirm: () => void
  onCancel: () => void
  danger?: boolean
  /** The confirmed action is on the wire: the dialog stays, its button busy. */
  busy?: boolean
  /** Why the action failed, shown in the still-open dialog. */
  error?: ReactNode
  children?: ReactNode
  /** The action cannot be done now (the description says why). */
  confirmDisabled?: boolean
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  danger,
  busy,
  error,
  children,
  confirmDisabled,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open)
  return (
    // While the action is on the wire it cannot be called off: the dialog waits for the answer.
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/3 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          {description && (
            <Dialog.Description className="mt-2 text-sm text-gray-700">{description}</Dialog.Description>
          )}
          {children}
          {error && (
            <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              {cancelLabel ?? <FormattedMessage id="common.cancel" defaultMessage="Cancel" />}
            </Button>
            <Button
              variant={danger ? 'danger' : 'primary'}
              disabled={busy || confirmDisabled}
              aria-busy={busy || undefined}
              onClick={() => {
                if (!busy && !confirmDisabled) onConfirm()
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
