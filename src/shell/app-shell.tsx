import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { SideMenu } from './side-menu'
import { TopBar } from './top-bar'
import { MOBILE_QUERY, useMediaQuery } from './use-media-query'

interface AppShellProps {
  children: ReactNode
  onLogout: () => void
  organizationSelector?: ReactNode
  status?: ReactNode
}

/** Side menu (a drawer under 992 px, collapsed by default), top bar and the page (SPEC §2 Layout). */
export function AppShell({ children, onLogout, organizationSelector, status }: AppShellProps) {
  const intl = useIntl()
  const mobile = useMediaQuery(MOBILE_QUERY)
  const [desktopOpen, setDesktopOpen] = useState(true)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const menuOpen = mobile ? drawerOpen : desktopOpen
  const toggle = () => (mobile ? setDrawerOpen((o) => !o) : setDesktopOpen((o) => !o))
  const menuTitle = intl.formatMessage({ id: 'menu.label', defaultMessage: 'Main menu' })

  return (
    <div className="flex min-h-dvh">
      {!mobile && desktopOpen && (
        <aside id="side-menu" className="sticky top-0 h-dvh shrink-0">
          <SideMenu onChoose={() => {}} onLogout={onLogout} />
        </aside>
      )}
      {mobile && (
        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-30 bg-black/40" />
            <Dialog.Content
              id="side-menu"
              className="fixed inset-y-0 left-0 z-40 h-dvh shadow-xl focus:outline-none"
            >
              <Dialog.Title className="sr-only">{menuTitle}</Dialog.Title>
              <Dialog.Description className="sr-only">Orchestrator</Dialog.Description>
              <SideMenu onChoose={() => setDrawerOpen(false)} onLogout={onLogout} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          menuOpen={menuOpen}
          onToggleMenu={toggle}
          organizationSelector={organizationSelector}
          status={status}
        />
        <main id="main" className="flex-1 p-4 md:p-6">
          {children}
        </main>
      </div>
    </div>
  )
}
