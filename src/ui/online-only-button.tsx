import type { ButtonHTMLAttributes } from 'react'
import { useId } from 'react'
import { FormattedMessage } from 'react-intl'
import { useOnline } from '../core/online'
import { Button } from './button'

/**
 * Actions that make no sense later (run now, start, stop, token and purchase calls) are never
 * queued: offline they are disabled and say why.
 */
export function OnlineOnlyButton({
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger' | 'ghost' }) {
  const online = useOnline()
  const reasonId = useId()
  return (
    <span className="inline-flex flex-col items-start">
      <Button {...props} disabled={disabled || !online} aria-describedby={online ? undefined : reasonId} />
      {!online && (
        <span id={reasonId} className="mt-1 text-xs text-amber-900">
          <FormattedMessage
            id="offline.actionNeedsConnection"
            defaultMessage="Needs a connection: this cannot wait in the queue."
          />
        </span>
      )}
    </span>
  )
}
