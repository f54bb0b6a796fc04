/**
 * The heading of each top-level screen, by path. The platform writes it into the static shell of
 * `index.html` (server/static.ts), so a cold load paints the screen's heading and frame before the
 * console's script has arrived; the console then renders the same heading in the same place.
 * `narrow` screens centre their content in a 28 rem column (the login screen).
 */
export interface ShellPage {
  title: string
  narrow?: boolean
}

export const SHELL_PAGES = {
  '/login': { title: 'page.login', narrow: true },
  '/products': { title: 'page.products' },
  '/sources': { title: 'page.sources' },
  '/templates': { title: 'page.templates' },
  '/connectors': { title: 'page.connectors' },
  '/transformers': { title: 'page.transformers' },
  '/data-formats': { title: 'page.dataFormats' },
  '/tasks': { title: 'page.tasks' },
  '/events': { title: 'page.events' },
  '/monitoring': { title: 'page.monitoring' },
  '/me': { title: 'page.profile' },
  '/outbox': { title: 'page.outbox' },
} as const satisfies Record<string, ShellPage>

/** A console route the platform paints the frame of; each must stay a route of the console. */
export type ShellPath = keyof typeof SHELL_PAGES

/** The shell page of a request's path (a trailing slash ignored), if it has one. */
export function shellPageOf(path: string): ShellPage | undefined {
  const page = path.replace(/\/+$/, '') || '/'
  return Object.hasOwn(SHELL_PAGES, page) ? SHELL_PAGES[page as ShellPath] : undefined
}

/** The cookie the console keeps its language in for the platform's shell (localStorage stays the source). */
export const LOCALE_COOKIE = 'locale'
