import { useCallback, useLayoutEffect, useRef } from 'react'

/**
 * Focus goes back to the element that opened a dialog or drawer when it closes; when that element
 * is gone (a deleted row), to the page's content. Returns the dialog's `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null)
  // A layout effect runs before the dialog moves focus into itself, so the opener still has it.
  useLayoutEffect(() => {
    if (!open) return
    const active = document.activeElement
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null
  }, [open])
  return useCallback((event: Event) => {
    event.preventDefault()
    const target = opener.current
    opener.current = null
    if (target?.isConnected && !target.closest('[inert], [aria-hidden="true"]')) target.focus()
    else document.getElementById('main')?.focus()
  }, [])
}
