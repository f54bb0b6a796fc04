import type { ReactNode } from 'react'

/**
 * A form that may sit inside another one (the catalog form's tabs): a nested <form> is invalid HTML
 * and the browser submits it natively, reloading the page. Enter in a one-line field still submits.
 */
export function SubForm({
  label,
  onSubmit,
  className,
  children,
}: {
  label?: string
  onSubmit: () => void
  className?: string
  children: ReactNode
}) {
  return (
    <fieldset
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
