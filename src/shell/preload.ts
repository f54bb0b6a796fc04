/**
 * Part of the entry script (no dependencies): the chunks the console and the current screen start
 * with are fetched at once, in parallel (preload, as module scripts fetch them), instead of one import level after another
 * once the console runs. Which chunks each screen needs is written into index.html at build time
 * (vite.config.ts, chunk-map): the console's boot chunks, the language's catalog, and the route's.
 */
export interface ChunkMap {
  base: string
  files: string[]
  boot: number[]
  lang: Record<string, number>
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

/** The chunks to fetch for this address in this language: the boot chunks, the catalog, the route's. */
export function chunksFor(map: ChunkMap, pathname: string, locale: string): string[] {
  const wanted = new Set(map.boot)
  const catalog = map.lang[locale]
  if (catalog !== undefined) wanted.add(catalog)
  // A fixed segment beats a parameter: `tasks/create` before `tasks/$`.
  const routes = Object.keys(map.routes).filter((pattern) => matchesPattern(pathname, pattern))
  const best = routes.sort((a, b) => b.replace(/[$?]/g, '').length - a.replace(/[$?]/g, '').length)[0]
  for (const at of best === undefined ? [] : (map.routes[best] ?? [])) wanted.add(at)
  return [...wanted].map((at) => map.base + map.files[at]).filter((file) => !file.endsWith('undefined'))
}

/** Adds a preload link for each chunk this screen starts with; returns how many. */
export function preloadChunks(doc: Document = document, url: URL = new URL(location.href)): number {
  try {
    const data = doc.getElementById('chunk-map')?.textContent
    if (!data) return 0
    const map = JSON.parse(data) as ChunkMap
    const locale = localStorage.getItem('locale') || doc.documentElement.lang || 'fi'
    const files = chunksFor(map, url.pathname, locale)
    const links = doc.createDocumentFragment()
    for (const file of files) {
      // Fetched, not compiled: modulepreload compiles each module as it arrives, and all of them at
      // once held the main thread for 300-500 ms. The module loader then takes them from the cache.
      const link = doc.createElement('link')
      link.rel = 'preload'
      link.as = 'script'
      link.crossOrigin = ''
      link.href = file
      links.append(link)
    }
    doc.head.append(links)
    return files.length
  } catch {
    return 0
  }
}
