import type { ReactNode } from 'react'
import { Dialog, DialogDescription, DialogTitle } from '../../ui/dialog'

/**
 * The dialog of one change the sync centre holds (in conflict, or refused): open until the user has
 * chosen, its title and what happened above the choices, in the middle of the screen at `width`.
 */
export function EntryDialog({
  width,
  title,
  text,
  onClose,
  children,
}: {
  width: string
  title: ReactNode
  text: ReactNode
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} placement="center" className={width}>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription className="mt-1 text-sm text-gray-700">{text}</DialogDescription>
      {children}
    </Dialog>
  )
}
