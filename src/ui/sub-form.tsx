import { type ReactNode, useEffect, useRef } from 'react'

/**
 * A form that may sit inside another one (the catalog form's tabs): a nested <form> is invalid HTML
 * and the browser submits it natively, reloading the page. Enter in a one-line field still submits.
 */
export function SubForm({
  label,
  onSubmit,
  className,
  focusFirst,
  children,
}: {
  label?: string
  onSubmit: () => void
  className?: string
  /** Opened in place of the control that opened it: focus goes to its first control, not the page. */
  focusFirst?: boolean
  children: ReactNode
}) {
  const ref = useRef<HTMLFieldSetElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as it opens
  useEffect(() => {
    if (focusFirst)
      ref.current?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button')?.focus()
  }, [])
  return (
    <fieldset
      ref={ref}
      aria-label={label}
      className={`min-w-0 ${className ?? ''}`}
      onKeyDown={(e) => {
        const target = e.target
        if (e.key !== 'Enter' || !(target instanceof HTMLInputElement)) return
        if (['file', 'checkbox', 'radio', 'button', 'submit'].includes(target.type)) return
        e.preventDefault()
        onSubmit()
      }}
    >
      {children}
    </fieldset>
  )
}
