import type { MessageDescriptor } from 'react-intl'
import { defineMessages } from 'react-intl'

export const menuMessages = defineMessages({
  login: { id: 'menu.login', defaultMessage: 'Login' },
  tasks: { id: 'menu.tasks', defaultMessage: 'Tasks' },
  products: { id: 'menu.products', defaultMessage: 'Data Products' },
  sources: { id: 'menu.sources', defaultMessage: 'Data Sources' },
  browse: { id: 'menu.browse', defaultMessage: 'Browse' },
  templates: { id: 'menu.templates', defaultMessage: 'Templates' },
  connectors: { id: 'menu.connectors', defaultMessage: 'Connectors' },
  transformers: { id: 'menu.transformers', defaultMessage: 'Transformers' },
  dataFormats: { id: 'menu.dataFormats', defaultMessage: 'Data Formats' },
  events: { id: 'menu.events', defaultMessage: 'Events' },
  monitoring: { id: 'menu.monitoring', defaultMessage: 'Monitoring' },
  profile: { id: 'menu.profile', defaultMessage: 'Profile' },
  outbox: { id: 'menu.outbox', defaultMessage: 'Sync centre' },
  logout: { id: 'menu.logout', defaultMessage: 'Logout' },
})

export interface MenuLink {
  key: string
  to: string
  label: MessageDescriptor
}

export interface MenuGroup {
  key: string
  label: MessageDescriptor
  children: MenuLink[]
}

export type MenuEntry = MenuLink | MenuGroup

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry

const link = (to: string, label: MessageDescriptor): MenuLink => ({ key: to, to, label })

/** The menu: "public" entries when logged out, "user" entries when logged in; sources only on v2. */
export function menuEntries(loggedIn: boolean, version: string): MenuEntry[] {
  if (!loggedIn) return [link('/login', menuMessages.login), link('/products', menuMessages.products)]
  const entries: MenuEntry[] = [link('/tasks', menuMessages.tasks), link('/products', menuMessages.products)]
  if (version === 'v2') {
    entries.push({
      key: 'sources',
      label: menuMessages.sources,
      children: [
        link('/sources', menuMessages.browse),
        link('/templates', menuMessages.templates),
        link('/connectors', menuMessages.connectors),
        link('/transformers', menuMessages.transformers),
      ],
    })
  }
  entries.push(
    link('/data-formats', menuMessages.dataFormats),
    link('/events', menuMessages.events),
    link('/monitoring', menuMessages.monitoring),
    link('/me', menuMessages.profile),
    link('/outbox', menuMessages.outbox),
  )
  return entries
}

/** The screens of the sources group, which exists on API v2 only. */
const SOURCE_SCREENS = ['/sources', '/templates', '/connectors', '/transformers']

/**
 * Whether a signed-in user's screen exists on this API version: a screen the menu hides on the
 * version (the sources group on v1) is not reachable by its address either.
 */
export function screenOnVersion(pathname: string, version: string): boolean {
  const key = selectedKey(pathname)
  return !SOURCE_SCREENS.includes(key) || version === 'v2'
}

/** The menu key selected for a path: its first segment (`/products/12/edit` selects `/products`). */
export function selectedKey(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0]
  return first ? `/${first}` : '/'
}
