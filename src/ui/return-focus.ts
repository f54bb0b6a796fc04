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
    const toContent = () => document.getElementById('main')?.focus()
    if (!target?.isConnected || target.closest('[inert], [aria-hidden="true"]')) return toContent()
    target.focus()
    // What the dialog did may remove the opener a moment later (a deleted row): focus must not fall to <body>.
    const watch = new MutationObserver(() => {
      if (target.isConnected) return
      watch.disconnect()
      if (document.activeElement === document.body || document.activeElement === null) toContent()
    })
    watch.observe(document.body, { childList: true, subtree: true })
    window.setTimeout(() => watch.disconnect(), 5000)
  }, [])
}
