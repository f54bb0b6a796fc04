import { FormattedMessage } from 'react-intl'
import { ConfirmDialog } from '../ui/confirm-dialog'

/** "Switch without saving?": asked before a scope switch replaces a screen holding unsaved input. */
export function SwitchQuestion({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      open
      danger
      title={<FormattedMessage id="scope.unsavedTitle" defaultMessage="Switch without saving?" />}
      description={
        <FormattedMessage
          id="scope.unsavedText"
          defaultMessage="This page holds input that is not saved. It is lost if you switch."
        />
      }
      confirmLabel={<FormattedMessage id="scope.unsavedConfirm" defaultMessage="Switch" />}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  )
}
