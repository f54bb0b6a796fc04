import { useIntl } from 'react-intl'
import { Dialog, DialogDescription, DialogTitle } from '../ui/dialog'
import { SideMenu } from './side-menu'

interface MenuDrawerProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  onLogout: () => void
}

/** The side menu as a modal drawer under 992 px; loaded only on small screens. */
export default function MenuDrawer({ open, onOpenChange, onLogout }: MenuDrawerProps) {
  const intl = useIntl()
  return (
    <Dialog open={open} onOpenChange={onOpenChange} placement="left" overlayClassName="z-30" id="side-menu">
      <DialogTitle className="sr-only">
        {intl.formatMessage({ id: 'menu.label', defaultMessage: 'Main menu' })}
      </DialogTitle>
      <DialogDescription className="sr-only">Orchestrator</DialogDescription>
      <SideMenu onChoose={() => onOpenChange(false)} onLogout={onLogout} />
    </Dialog>
  )
}
