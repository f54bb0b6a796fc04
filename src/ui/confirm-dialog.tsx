import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { Button } from './button'
import { Dialog, DialogDescription, DialogTitle } from './dialog'

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
  return (
    // While the action is on the wire it cannot be called off: the dialog waits for the answer.
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onCancel()} className="w-[min(28rem,92vw)]">
      <DialogTitle>{title}</DialogTitle>
      {description && (
        <DialogDescription className="mt-2 text-sm text-gray-700">{description}</DialogDescription>
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
    </Dialog>
  )
}
