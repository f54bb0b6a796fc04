import * as Radix from '@radix-ui/react-dialog'
import type { ComponentPropsWithoutRef, ReactNode } from 'react'
import { cn } from './cn'
import { useReturnFocus } from './return-focus'

/** Where a dialog's content sits. Its width is the caller's (`className`), the rest is the same everywhere. */
const PLACEMENTS = {
  /** A box a third of the way down: confirmations and short forms. */
  top: 'fixed top-1/3 left-1/2 z-50 -translate-x-1/2 rounded-lg bg-white p-6 shadow-xl',
  /** A box in the middle that scrolls when taller than the screen: longer content. */
  center:
    'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl',
  /** A sheet at the bottom on a phone, a box in the middle from `sm` up: hints. */
  sheet:
    'fixed inset-x-2 bottom-2 z-50 rounded-lg bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2',
  /** A full-height panel from the right: details beside the list. */
  right: 'fixed inset-y-0 right-0 z-50 flex flex-col bg-white shadow-xl',
  /** A full-height panel from the left: the menu on a phone. */
  left: 'fixed inset-y-0 left-0 z-40 h-dvh shadow-xl focus:outline-none',
} as const

interface DialogProps extends Omit<ComponentPropsWithoutRef<typeof Radix.Content>, 'onCloseAutoFocus'> {
  open: boolean
  onOpenChange?: (open: boolean) => void
  placement?: keyof typeof PLACEMENTS
  /** The overlay's stacking (`z-30` under a drawer that sits at z-40); `z-40` by default. */
  overlayClassName?: string
  children: ReactNode
}

/**
 * The one dialog shell: portal, overlay, content and focus that returns to the opener (or the page's
 * content when the opener is gone). Title, description and close come from this module too.
 */
export function Dialog({
  open,
  onOpenChange,
  placement = 'top',
  className,
  overlayClassName,
  children,
  ...content
}: DialogProps) {
  const returnFocus = useReturnFocus(open)
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Radix.Overlay className={cn('fixed inset-0 bg-black/40', overlayClassName ?? 'z-40')} />
        <Radix.Content
          onCloseAutoFocus={returnFocus}
          className={cn(PLACEMENTS[placement], className)}
          {...content}
        >
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  )
}

/** A dialog's heading: named for assistive technology, large by default. */
export function DialogTitle({ className, ...rest }: ComponentPropsWithoutRef<typeof Radix.Title>) {
  return <Radix.Title className={cn('text-lg font-semibold', className)} {...rest} />
}

export const DialogDescription = Radix.Description
export const DialogClose = Radix.Close
