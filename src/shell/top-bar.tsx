import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { useSession } from '../core/session'
import { Icon } from '../ui/icon'
import { LanguageSwitcher } from './language-switcher'

interface TopBarProps {
  menuOpen: boolean
  /** Whether the menu is on the page (the desktop menu always is, open or as a rail). */
  menuShown: boolean
  onToggleMenu: () => void
  /** Filled by the organization selector once signed in (200 px, only when logged in). */
  organizationSelector?: ReactNode
  status?: ReactNode
}

export function TopBar({ menuOpen, menuShown, onToggleMenu, organizationSelector, status }: TopBarProps) {
  const intl = useIntl()
  const session = useSession()
  return (
    <header className="sticky top-0 z-20 flex items-start gap-1 border-b border-gray-200 bg-white px-2 sm:gap-3 md:px-4">
      {/* The menu button and the status share what the controls leave. When the status does not fit
          beside the button (offline since a time, changes waiting, Finnish, a phone), it takes a
          line of its own under it: the bar grows down, and never pushes a control off the screen.
          A line is 56 px less the bar's border: 56 px in all, as the static frame draws the bar. */}
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-1 sm:gap-x-3">
        <div className="flex h-[calc(3.5rem-1px)] items-center">
          <button
            type="button"
            onClick={onToggleMenu}
            aria-expanded={menuOpen}
            // Points at the menu only while it is there.
            aria-controls={menuShown ? 'side-menu' : undefined}
            className="inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100"
          >
            <span className="sr-only">
              {menuOpen
                ? intl.formatMessage({ id: 'menu.close', defaultMessage: 'Close menu' })
                : intl.formatMessage({ id: 'menu.open', defaultMessage: 'Open menu' })}
            </span>
            <Icon d="M4 6h16M4 12h16M4 18h16" className="h-5 w-5" />
          </button>
        </div>
        {status && (
          <div className="flex flex-wrap items-center justify-end gap-1 py-1 sm:gap-3">{status}</div>
        )}
      </div>
      <div className="flex h-[calc(3.5rem-1px)] shrink-0 items-center gap-1 sm:gap-3">
        {session && <div className="min-w-0 shrink-0 sm:w-org">{organizationSelector}</div>}
        <LanguageSwitcher />
      </div>
    </header>
  )
}
