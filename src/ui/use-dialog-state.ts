import { useCallback, useState } from 'react'

/**
 * What a dialog is open for: `open(value)` shows it for that value, `close()` hides it. One hook for
 * every screen with a "which row is this dialog about" state.
 */
export function useDialogState<T>() {
  const [value, setValue] = useState<T>()
  const open = useCallback((next: T) => setValue(() => next), [])
  const close = useCallback(() => setValue(undefined), [])
  return { value, isOpen: value !== undefined, open, close }
}
