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

/**
 * The cookie the console keeps its scope in for the platform's shell: environment, API version, and
 * whether someone is signed in (`sandbox.v2.visitor`). It holds no token; the platform paints a
 * visitor's list into the shell only for a visitor, and reads it in the environment and version named.
 */
export const SHELL_COOKIE = 'shell'

export interface ShellScope {
  env: string
  version: string
  signedIn: boolean
}

export const shellCookieValue = ({ env, version, signedIn }: ShellScope) =>
  `${env}.${version}.${signedIn ? 'user' : 'visitor'}`

/** The scope a shell cookie names; none is a first visit (the console's defaults), a bad one undefined. */
export function readShellCookie(value: string | undefined): ShellScope | undefined {
  if (value === undefined) return { env: 'sandbox', version: 'v2', signedIn: false }
  const match = /^([a-z][a-z0-9-]{0,30})\.(v[0-9]{1,3})\.(user|visitor)$/.exec(value)
  return match?.[1] && match[2]
    ? { env: match[1], version: match[2], signedIn: match[3] === 'user' }
    : undefined
}

/**
 * A visitor's first read of the public catalog, as the product list opens it (newest first, ten a
 * page): the entry script sends it early, and the platform paints its answer into the shell.
 */
export const VISITOR_FIRST_READ = 'type=dataproduct&limit=10&offset=0&sortBy=updatedAt&sortOrder=desc'
