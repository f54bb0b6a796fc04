import { type ReactNode, useId, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Icon } from './icon'
import { useMediaQuery } from './use-media-query'

/** Below 640 px, where a filter card would fill the first screen. */
export const PHONE_QUERY = '(max-width: 639.98px)'

/**
 * A list screen's filter card, folded on a phone into "Filters (n)" so the list starts on the first
 * screen; `active` says how many filters are set. Folded, the card stays mounted (what is typed stays).
 */
export function FilterDisclosure({ active, children }: { active: number; children: ReactNode }) {
  const phone = useMediaQuery(PHONE_QUERY)
  const [open, setOpen] = useState(false)
  const id = useId()
  if (!phone) return <>{children}</>
  return (
    <div className="mb-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        data-testid="filters-toggle"
        className="flex min-h-11 w-full items-center justify-between rounded-lg bg-white px-4 text-sm font-medium text-gray-800 shadow-sm"
      >
        <FormattedMessage id="filters.toggle" defaultMessage="Filters ({count})" values={{ count: active }} />
        <Icon d="M6 9l6 6 6-6" className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={id} hidden={!open} className="mt-2">
        {children}
      </div>
    </div>
  )
}
