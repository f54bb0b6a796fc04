import { FormattedMessage } from 'react-intl'
import { ConfirmDialog } from '../ui/confirm-dialog'

/**
 * Asked before unsaved input is lost: by leaving the page ("Leave without saving?") or by a scope
 * switch that replaces the screen ("Switch without saving?"). Loaded only when one is held up.
 */
export function UnsavedQuestion({
  kind,
  onConfirm,
  onCancel,
}: {
  kind: 'leave' | 'switch'
  onConfirm: () => void
  onCancel: () => void
}) {
  const leave = kind === 'leave'
  return (
    <ConfirmDialog
      open
      danger
      title={
        leave ? (
          <FormattedMessage id="leave.title" defaultMessage="Leave without saving?" />
        ) : (
          <FormattedMessage id="scope.unsavedTitle" defaultMessage="Switch without saving?" />
        )
      }
      description={
        leave ? (
          <FormattedMessage
            id="leave.text"
            defaultMessage="This page holds input that is not saved. It is lost if you leave."
          />
        ) : (
          <FormattedMessage
            id="scope.unsavedText"
            defaultMessage="This page holds input that is not saved. It is lost if you switch."
          />
        )
      }
      confirmLabel={
        leave ? (
          <FormattedMessage id="leave.confirm" defaultMessage="Leave" />
        ) : (
          <FormattedMessage id="scope.unsavedConfirm" defaultMessage="Switch" />
        )
      }
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  )
}
