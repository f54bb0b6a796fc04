/**
 * Part of the entry script (no dependencies): the chunks the console and the current screen start
 * with are fetched at once, in parallel (preload, as module scripts fetch them), instead of one import level after another
 * once the console runs. Which chunks each screen needs is written into index.html at build time
 * (vite.config.ts, chunk-map): the console's boot chunks, the route's, and the language's catalog
 * parts for both (src/i18n/catalog-split.ts).
 */
import { type ChunkMap, catalogPartsFor, routeOf } from '../core/chunk-map'

export { type ChunkMap, matchesPattern, routePattern } from '../core/chunk-map'

/** The chunks to fetch for this address in this language: the boot chunks, the catalog parts, the route's. */
export function chunksFor(map: ChunkMap, pathname: string, locale: string): string[] {
  const wanted = new Set(map.boot)
  for (const at of catalogPartsFor(map, pathname, locale)) wanted.add(at)
  const best = routeOf(Object.keys(map.routes), pathname)
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
      // Low priority: no chunk is needed for the first paint (the static frame, or the picture). At
      // the default high priority, chunks that came before a late first paint counted as blocking it
      // in Lighthouse's model, which then simulated that paint waiting for them all (FCP 1.4 s, not
      // 0.8 s, in some runs). In Chromium the first row comes no later for it (two A/B runs).
      link.setAttribute('fetchpriority', 'low')
      link.href = file
      links.append(link)
    }
    doc.head.append(links)
    return files.length
  } catch {
    return 0
  }
}
