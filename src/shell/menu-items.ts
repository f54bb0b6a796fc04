import type { MessageDescriptor } from 'react-intl'
import { defineMessages } from 'react-intl'
import type { PermissionCheck } from '../auth/permissions'
import type { MENU_ICONS } from './menu-icons'

export const menuMessages = defineMessages({
  sources: { id: 'menu.sources', defaultMessage: 'Data Sources' },
  logout: { id: 'menu.logout', defaultMessage: 'Logout' },
})

/** A named icon of menu-icons.ts, or the path data of a 24 px line icon. */
export type MenuIcon = keyof typeof MENU_ICONS | `M${string}`

/** The groups of the menu: a group shows on the API versions it names (all when none). */
export const MENU_GROUPS = {
  sources: { label: menuMessages.sources, icon: 'sources', versions: ['v2'] },
} satisfies Record<string, { label: MessageDescriptor; icon: MenuIcon; versions?: string[] }>
export type MenuGroupName = keyof typeof MENU_GROUPS

/** A route's entry in the menu, declared on the route as `staticData: { menu: { … } }`. */
export interface MenuDeclaration {
  label: MessageDescriptor
  icon: MenuIcon
  /** The place in the menu, ascending; a group stands at the place of its first entry. */
  order: number
  /** Who sees it: signed-in users (the default), signed-out visitors, or both. */
  shown?: 'signed-in' | 'signed-out' | 'always'
  group?: MenuGroupName
  /** Hidden from a user without it. */
  permission?: PermissionCheck
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    menu?: MenuDeclaration
  }
}

export interface MenuLink {
  key: string
  to: string
  label: MessageDescriptor
  icon: MenuIcon
  permission?: PermissionCheck
}

export interface MenuGroup {
  key: string
  label: MessageDescriptor
  icon: MenuIcon
  children: MenuLink[]
}

export type MenuEntry = MenuLink | MenuGroup

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry

/** A route as the router keeps it: its path and its options' static data. */
export interface MenuRoute {
  fullPath: string
  options: { staticData?: { menu?: MenuDeclaration } }
}

interface Declared extends MenuDeclaration {
  to: string
}

let declared: Declared[] = []

/** Takes the menu from the routes that declare an entry (the router's routes, once it is made). */
export function registerMenuRoutes(routes: Iterable<MenuRoute>) {
  declared = []
  for (const route of routes) {
    const menu = route.options.staticData?.menu
    if (menu) declared.push({ ...menu, to: route.fullPath.replace(/(.)\/$/, '$1') })
  }
  declared.sort((a, b) => a.order - b.order)
}

const onVersion = (group: MenuGroupName | undefined, version: string) => {
  const versions: readonly string[] | undefined = group && MENU_GROUPS[group].versions
  return !versions || versions.includes(version)
}

/** The menu: "signed-out" entries when logged out, "signed-in" entries when logged in, by version. */
export function menuEntries(loggedIn: boolean, version: string): MenuEntry[] {
  const entries: MenuEntry[] = []
  for (const item of declared) {
    const shown = item.shown ?? 'signed-in'
    if (shown !== 'always' && shown !== (loggedIn ? 'signed-in' : 'signed-out')) continue
    if (!onVersion(item.group, version)) continue
    const link: MenuLink = { key: item.to, to: item.to, label: item.label, icon: item.icon }
    if (item.permission) link.permission = item.permission
    if (!item.group) {
      entries.push(link)
      continue
    }
    const group = entries.find((e): e is MenuGroup => isGroup(e) && e.key === item.group)
    if (group) group.children.push(link)
    else entries.push({ key: item.group, ...MENU_GROUPS[item.group], children: [link] })
  }
  return entries
}

/**
 * Whether a signed-in user's screen exists on this API version: a screen the menu hides on the
 * version (the sources group on v1) is not reachable by its address either.
 */
export function screenOnVersion(pathname: string, version: string): boolean {
  const key = selectedKey(pathname)
  return declared.every((item) => item.to !== key || onVersion(item.group, version))
}

/** The menu key selected for a path: its first segment (`/products/12/edit` selects `/products`). */
export function selectedKey(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0]
  return first ? `/${first}` : '/'
}
