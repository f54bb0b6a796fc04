import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { cn } from './cn'

/** A row's Edit: named with its row for assistive technology ("Edit Orders"). */
export function EditLink({ name, ...link }: LinkProps & { name: ReactNode }) {
  return (
    <Link {...link} className="rounded px-2 py-1 text-primary-800 underline hover:bg-primary-50">
      <FormattedMessage id="common.edit" defaultMessage="Edit" />
      <span className="sr-only"> {name}</span>
    </Link>
  )
}

/**
 * A row's Delete, named with its row; for who may not delete it is disabled with the reason
 * (`usePermittedAction`), said in its title and to assistive technology.
 */
export function DeleteButton({
  name,
  onClick,
  action = { disabled: false },
  className,
}: {
  name: ReactNode
  onClick: () => void
  action?: { disabled: boolean; reason?: string }
  /** Its distance from the Edit before it. */
  className?: string
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={action.disabled}
      title={action.reason}
      data-destructive
      className={cn(
        className,
        'rounded px-2 py-1 text-red-800 underline hover:bg-red-50 disabled:cursor-not-allowed disabled:text-gray-400 disabled:no-underline',
      )}
    >
      <FormattedMessage id="common.delete" defaultMessage="Delete" />
      <span className="sr-only"> {name}</span>
      {action.reason && <span className="sr-only"> ({action.reason})</span>}
    </button>
  )
}
