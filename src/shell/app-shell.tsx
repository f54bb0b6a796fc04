import type { ReactNode } from 'react'
import { useState } from 'react'
import { Notices } from '../ui/notice'
import { AskedPart, onDemand } from '../ui/on-demand-part'
import { MOBILE_QUERY, useMediaQuery } from '../ui/use-media-query'
import { LeaveGuard } from './leave-guard'
import { RouteAnnouncer } from './route-announcer'
import { SideMenu } from './side-menu'
import { SkipLink } from './skip-link'
import { TopBar } from './top-bar'

const menuDrawer = onDemand(
  () => import('./menu-drawer'),
  (m) => m.default,
)

interface AppShellProps {
  children: ReactNode
  onLogout: () => void
  organizationSelector?: ReactNode
  status?: ReactNode
}

/**
 * Side menu (a drawer under 992 px, collapsed by default; on desktop open, or a rail of icons once an
 * entry is chosen), top bar and the page.
 */
export function AppShell({ children, onLogout, organizationSelector, status }: AppShellProps) {
  const mobile = useMediaQuery(MOBILE_QUERY)
  const [desktopOpen, setDesktopOpen] = useState(true)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const menuOpen = mobile ? drawerOpen : desktopOpen
  const toggle = () => (mobile ? setDrawerOpen((o) => !o) : setDesktopOpen((o) => !o))

  return (
    <div className="flex min-h-dvh">
      <SkipLink />
      <RouteAnnouncer />
      {!mobile && (
        <aside id="side-menu" className="sticky top-0 z-30 h-dvh shrink-0">
          {/* Choosing an entry collapses the desktop menu to its rail; above the page, for its tooltips. */}
          <SideMenu collapsed={!desktopOpen} onChoose={() => setDesktopOpen(false)} onLogout={onLogout} />
        </aside>
      )}
      {mobile && drawerOpen && (
        <AskedPart part={menuDrawer} onFailed={() => setDrawerOpen(false)}>
          {(MenuDrawer) => <MenuDrawer open={drawerOpen} onOpenChange={setDrawerOpen} onLogout={onLogout} />}
        </AskedPart>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          menuOpen={menuOpen}
          menuShown={!mobile || drawerOpen}
          onToggleMenu={toggle}
          organizationSelector={organizationSelector}
          status={status}
        />
        <LeaveGuard />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none md:p-6">
          <Notices />
          {children}
        </main>
      </div>
    </div>
  )
}
