import { Link, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { environmentSetting, versionSetting } from '../api/scope'
import { useSession } from '../auth/session'
import { eventsErrorFilter } from './events-error-filter'
import { isGroup, type MenuLink, menuEntries, menuMessages, selectedKey } from './menu-items'
import { ScopeSwitcher } from './scope-switcher'

interface SideMenuProps {
  /** Called after an entry was chosen: the shell collapses the drawer. */
  onChoose: () => void
  onLogout: () => void
}

const itemClass =
  'flex w-full items-center rounded-md px-3 py-2 text-left text-sm text-menu-text hover:bg-menu-hover focus-visible:bg-menu-hover'
const activeClass = 'bg-menu-active text-white hover:bg-menu-active'

export function SideMenu({ onChoose, onLogout }: SideMenuProps) {
  const intl = useIntl()
  const session = useSession()
  const version = versionSetting.use()
  const environment = environmentSetting.use()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const selected = selectedKey(pathname)
  const entries = menuEntries(session !== null, version)
  const [sourcesOpen, setSourcesOpen] = useState(true)

  const renderLink = (item: MenuLink, nested = false) => {
    const active = item.to === selected
    return (
      <li key={item.key}>
        <Link
          to={item.to}
          search={item.to === '/events' ? {} : undefined}
          aria-current={active ? 'page' : undefined}
          className={`${itemClass} ${nested ? 'pl-8' : ''} ${active ? activeClass : ''}`}
          onClick={() => {
            if (item.to === '/events') eventsErrorFilter.clear()
            onChoose()
          }}
        >
          {intl.formatMessage(item.label)}
        </Link>
      </li>
    )
  }

  return (
    <div className="flex h-full w-sider flex-col bg-menu text-menu-text">
      <div className="px-5 py-4 text-xl font-semibold tracking-wide text-white">Orchestrator</div>
      <nav
        aria-label={intl.formatMessage({ id: 'menu.label', defaultMessage: 'Main menu' })}
        className="flex-1 overflow-y-auto px-2"
      >
        <ul className="space-y-1">
          {entries.map((entry) =>
            isGroup(entry) ? (
              <li key={entry.key}>
                <button
                  type="button"
                  className={itemClass}
                  aria-expanded={sourcesOpen}
                  aria-controls={sourcesOpen ? 'menu-group-sources' : undefined}
                  onClick={() => setSourcesOpen((open) => !open)}
                >
                  <span className="flex-1">{intl.formatMessage(entry.label)}</span>
                  <span aria-hidden="true">{sourcesOpen ? '▾' : '▸'}</span>
                </button>
                {sourcesOpen && (
                  <ul id="menu-group-sources" className="mt-1 space-y-1">
                    {entry.children.map((child) => renderLink(child, true))}
                  </ul>
                )}
              </li>
            ) : (
              renderLink(entry)
            ),
          )}
          {session && (
            <li>
              <button type="button" className={itemClass} onClick={onLogout}>
                {intl.formatMessage(menuMessages.logout)}
              </button>
            </li>
          )}
        </ul>
      </nav>
      <div className="border-t border-white/10 px-4 py-3 text-xs text-menu-muted">
        <ScopeSwitcher />
        <p className="mt-2">
          <FormattedMessage
            id="menu.versionLine"
            defaultMessage="Version {version} · {environment}"
            values={{ version: __APP_VERSION__, environment }}
          />
        </p>
      </div>
    </div>
  )
}
