/**
 * The chunk map index.html carries (written at build time by vite.config.ts, chunk-map): which
 * chunks and which language catalog parts each screen starts with, by address pattern. Read by the
 * entry script (src/shell/preload.ts) and by the catalog loader (src/i18n); no dependencies.
 */
export interface ChunkMap {
  base: string
  files: string[]
  boot: number[]
  /**
   * Per language, the catalog part of the boot chunks, by address pattern each route's, and the parts
   * of the code loaded on demand, the shell's and by address pattern a screen's (fetched once the
   * first screen is shown, or with that code).
   */
  lang: Record<
    string,
    { boot: number; routes: Record<string, number>; later?: number; routesLater?: Record<string, number> }
  >
  /** By address pattern: `tasks/$/edit`, `$` one segment, `?` one segment or none. */
  routes: Record<string, number[]>
}

/**
 * A route file's address pattern (build time), segment by segment: `_user/tasks/$id.edit` is
 * `tasks/$/edit`; `$` matches one segment, `?` one or none; pathless layouts and `index` drop out,
 * and a segment's trailing `_` (`me_`: at `/me/…` without nesting in `/me`'s route) is not in the address.
 */
function patternPart(segment: string): string {
  if (/^\{-\$\w+\}$/.test(segment)) return '?'
  return segment.startsWith('$') ? '$' : segment.replace(/_$/, '')
}

export function routePattern(file: string): string {
  return file
    .split(/[/.]/)
    .filter((segment) => !segment.startsWith('_') && segment !== 'index' && segment !== 'route')
    .map(patternPart)
    .join('/')
}

/** Whether the address's path matches a route pattern of the chunk map. */
export function matchesPattern(pathname: string, pattern: string): boolean {
  const path = pathname.split('/').filter(Boolean)
  const parts = pattern.split('/').filter(Boolean)
  const match = (i: number, j: number): boolean => {
    if (j === parts.length) return i === path.length
    const part = parts[j]
    if (part === '?') return match(i, j + 1) || (i < path.length && match(i + 1, j + 1))
    if (i === path.length) return false
    return (part === '$' || part === decodeURIComponent(path[i] ?? '')) && match(i + 1, j + 1)
  }
  return match(0, 0)
}

/** The route pattern of the chunk map this address opens; a fixed segment beats a parameter. */
export function routeOf(patterns: string[], pathname: string): string | undefined {
  const routes = patterns.filter((pattern) => matchesPattern(pathname, pattern))
  return routes.sort((a, b) => b.replace(/[$?]/g, '').length - a.replace(/[$?]/g, '').length)[0]
}

/** The catalog parts an address needs in a language: the boot part, then the route's if it has one. */
export function catalogPartsFor(map: ChunkMap, pathname: string, locale: string): number[] {
  const catalog = map.lang[locale]
  if (!catalog) return []
  const route = routeOf(Object.keys(map.routes), pathname)
  const own = route === undefined ? undefined : catalog.routes[route]
  return own === undefined ? [catalog.boot] : [catalog.boot, own]
}
