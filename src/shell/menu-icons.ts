/** Line icons of the menu entries (24 px grid, drawn by `Icon`), by name. */
export const MENU_ICONS = {
  login: 'M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3',
  tasks:
    'M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2M9 5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v1H9zM9 14l2 2 4-4',
  products: 'M21 8l-9-5-9 5 9 5zM3 8v8l9 5 9-5V8M12 13v8',
  sources:
    'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  browse: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-5-5',
  templates: 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h6',
  connectors: 'M9 2v6M15 2v6M6 8h12v4a6 6 0 0 1-12 0zM12 18v4',
  transformers: 'M4 7h15M15 3l4 4-4 4M20 17H5M9 13l-4 4 4 4',
  dataFormats:
    'M8 4H7a2 2 0 0 0-2 2v4l-2 2 2 2v4a2 2 0 0 0 2 2h1M16 4h1a2 2 0 0 1 2 2v4l2 2-2 2v4a2 2 0 0 1-2 2h-1',
  events: 'M13 2L4 14h7l-1 8 9-12h-7z',
  monitoring: 'M3 3v18h18M7 15l4-4 3 3 5-6',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  outbox: 'M4 4v5h5M20 20v-5h-5M5.6 9a7 7 0 0 1 12.9-1M18.4 15a7 7 0 0 1-12.9 1',
  logout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
} as const satisfies Record<string, string>

/** A menu entry's icon: a name above, or the path data itself. */
export const iconPath = (icon: string): string =>
  Object.hasOwn(MENU_ICONS, icon) ? MENU_ICONS[icon as keyof typeof MENU_ICONS] : icon
