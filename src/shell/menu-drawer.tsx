import * as Dialog from '@radix-ui/react-dialog'
import { useIntl } from 'react-intl'
import { useReturnFocus } from '../ui/return-focus'
import { SideMenu } from './side-menu'

interface MenuDrawerProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  onLogout: () => void
}

/** The side menu as a modal drawer under 992 px; loaded only on small screens. */
export default function MenuDrawer({ open, onOpenChange, onLogout }: MenuDrawerProps) {
  const intl = useIntl()
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-30 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          id="side-menu"
          className="fixed inset-y-0 left-0 z-40 h-dvh shadow-xl focus:outline-none"
        >
          <Dialog.Title className="sr-only">
            {intl.formatMessage({ id: 'menu.label', defaultMessage: 'Main menu' })}
          </Dialog.Title>
          <Dialog.Description className="sr-only">Orchestrator</Dialog.Description>
          <SideMenu onChoose={() => onOpenChange(false)} onLogout={onLogout} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
