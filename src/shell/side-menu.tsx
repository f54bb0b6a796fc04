import { Link, useRouterState } from '@tanstack/react-router'
import { type FocusEvent, type MouseEvent, useState } from 'react'
import { useIntl } from 'react-intl'
import { IfPermitted } from '../auth/permitted'
import { environmentSetting, versionSetting } from '../core/scope'
import { useSession } from '../core/session'
import { Icon } from '../ui/icon'
import { eventsErrorFilter } from './events-error-filter'
import { iconPath, MENU_ICONS } from './menu-icons'
import { isGroup, type MenuLink, menuEntries, menuMessages, selectedKey } from './menu-items'
import { ScopeSwitcher } from './scope-switcher'

interface SideMenuProps {
  /** Shown as a narrow rail of named icons (the collapsed desktop menu). */
  collapsed?: boolean
  /** Called after an entry was chosen: the shell collapses the menu. */
  onChoose: () => void
  onLogout: () => void
}

// The rail's look comes from one attribute on the menu (`data-menu-collapsed`), so the same elements
// (and the focus on them) stay when the menu collapses.
const itemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-menu-text hover:bg-menu-hover focus-visible:bg-menu-hover group-data-menu-collapsed:justify-center group-data-menu-collapsed:px-0'
const activeClass = 'bg-menu-active text-white hover:bg-menu-active'
const labelClass = 'min-w-0 flex-1 group-data-menu-collapsed:sr-only'

/** The name shown beside a rail entry while it is hovered or focused. */
interface Tip {
  text: string
  top: number
}

/** A click that opens the link elsewhere (new tab, window) leaves the menu as it is. */
const opensElsewhere = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey

export function SideMenu({ collapsed = false, onChoose, onLogout }: SideMenuProps) {
  const intl = useIntl()
  const session = useSession()
  const version = versionSetting.use()
  const environment = environmentSetting.use()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const selected = selectedKey(pathname)
  const entries = menuEntries(session !== null, version)
  const [sourcesOpen, setSourcesOpen] = useState(true)
  const [tip, setTip] = useState<Tip | null>(null)

  /** Hover and focus show the entry's name beside the rail; leaving, blur or Escape hide it. */
  const tipFor = (text: string) => {
    const show = (e: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
      const box = e.currentTarget.getBoundingClientRect()
      setTip({ text, top: box.top + box.height / 2 })
    }
    const hide = () => setTip(null)
    return {
      onMouseEnter: show,
      onFocus: show,
      onMouseLeave: hide,
      onBlur: hide,
      onKeyDown: (e: { key: string }) => e.key === 'Escape' && hide(),
      'aria-label': collapsed ? text : undefined,
    }
  }

  const renderLink = (item: MenuLink, nested = false) => {
    const active = item.to === selected
    const label = intl.formatMessage(item.label)
    const entry = (
      <li key={item.key}>
        <Link
          to={item.to}
          search={item.to === '/events' ? {} : undefined}
          aria-current={active ? 'page' : undefined}
          className={`${itemClass} ${nested ? 'pl-8' : ''} ${active ? activeClass : ''}`}
          {...tipFor(label)}
          onClick={(e) => {
            if (item.to === '/events') eventsErrorFilter.clear()
            if (!opensElsewhere(e)) onChoose()
          }}
        >
          <Icon d={iconPath(item.icon)} className="h-5 w-5 shrink-0" />
          <span className={labelClass}>{label}</span>
        </Link>
      </li>
    )
    return item.permission ? (
      <IfPermitted key={item.key} check={item.permission}>
        {entry}
      </IfPermitted>
    ) : (
      entry
    )
  }

  const versionLine = intl.formatMessage(
    { id: 'menu.versionLine', defaultMessage: 'Version {version} · {environment}' },
    { version: __APP_VERSION__, environment },
  )

  return (
    <div
      data-menu-collapsed={collapsed || undefined}
      className="group flex h-full w-sider flex-col bg-menu text-menu-text motion-safe:transition-[width] motion-safe:duration-150 data-menu-collapsed:w-rail"
    >
      <div className="px-5 py-4 text-xl font-semibold tracking-wide text-white group-data-menu-collapsed:px-0 group-data-menu-collapsed:text-center">
        <span className="group-data-menu-collapsed:sr-only">Orchestrator</span>
        <span aria-hidden="true" className="hidden group-data-menu-collapsed:inline">
          O
        </span>
      </div>
      <nav
        aria-label={intl.formatMessage({ id: 'menu.label', defaultMessage: 'Main menu' })}
        className="flex-1 overflow-x-hidden overflow-y-auto px-2 py-1"
        onScroll={() => setTip(null)}
      >
        <ul className="space-y-1">
          {entries.map((entry) => {
            if (!isGroup(entry)) return renderLink(entry)
            const label = intl.formatMessage(entry.label)
            return (
              <li key={entry.key}>
                <button
                  type="button"
                  className={itemClass}
                  aria-expanded={sourcesOpen}
                  aria-controls={sourcesOpen ? 'menu-group-sources' : undefined}
                  {...tipFor(label)}
                  onClick={() => setSourcesOpen((open) => !open)}
                >
                  <Icon d={iconPath(entry.icon)} className="h-5 w-5 shrink-0" />
                  <span className={labelClass}>{label}</span>
                  <span aria-hidden="true" className="group-data-menu-collapsed:text-[10px]">
                    {sourcesOpen ? '▾' : '▸'}
                  </span>
                </button>
                {sourcesOpen && (
                  <ul
                    id="menu-group-sources"
                    className="mt-1 space-y-1 group-data-menu-collapsed:rounded-md group-data-menu-collapsed:bg-menu-deep"
                  >
                    {entry.children.map((child) => renderLink(child, true))}
                  </ul>
                )}
              </li>
            )
          })}
          {session && (
            <li>
              <button
                type="button"
                className={itemClass}
                {...tipFor(intl.formatMessage(menuMessages.logout))}
                onClick={onLogout}
              >
                <Icon d={MENU_ICONS.logout} className="h-5 w-5 shrink-0" />
                <span className={labelClass}>{intl.formatMessage(menuMessages.logout)}</span>
              </button>
            </li>
          )}
        </ul>
      </nav>
      <div className="border-t border-white/10 px-4 py-3 text-xs text-menu-muted group-data-menu-collapsed:px-1 group-data-menu-collapsed:text-center">
        <div className="group-data-menu-collapsed:hidden">
          <ScopeSwitcher />
          <p className="mt-2">{versionLine}</p>
        </div>
        {/* The rail keeps the version and environment, one short line each. */}
        {collapsed && (
          <p
            className="hidden text-[10px] leading-tight break-all group-data-menu-collapsed:block"
            title={versionLine}
          >
            <span className="sr-only">{versionLine}</span>
            <span aria-hidden="true" data-testid="rail-version">
              {__APP_VERSION__}
              <br />
              {environment}
            </span>
          </p>
        )}
      </div>
      {collapsed && tip && (
        <div
          aria-hidden="true"
          data-menu-tip
          style={{ top: tip.top }}
          className="pointer-events-none fixed left-[4.5rem] z-50 -translate-y-1/2 rounded-md bg-gray-900 px-2 py-1 text-sm whitespace-nowrap text-white shadow-lg"
        >
          {tip.text}
        </div>
      )}
    </div>
  )
}
