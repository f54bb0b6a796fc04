/**
 * Build time: which messages each screen needs, from the bundle's chunks, in the parts a screen
 * renders with and one it loads afterwards. The console's boot part holds the messages of every
 * chunk the shell starts with (its static imports, and the split parts of the root route) without
 * entering another route's split parts; a route's part those of every chunk its split parts and its
 * parents' start with, less the boot part's. What the shell loads on demand (the failure texts, its
 * dialogs) is in the later part, and what a screen loads on demand (its dialogs) beyond that in the
 * screen's later part: loaded once the first screen is shown, or with that code if it comes first. A
 * screen then fetches no words of another screen's dialogs. A message belongs to the chunk of the
 * module that names its id.
 */
export interface SplitChunk {
  fileName: string
  moduleIds: readonly string[]
  imports: readonly string[]
  dynamicImports: readonly string[]
}

export interface CatalogSplit {
  boot: string[]
  /** By route file (`_user/tasks/$id.edit`): the ids its screen needs beyond the boot part. */
  routes: Record<string, string[]>
  /** What the shell's code loaded on demand uses beyond the boot part. */
  later: string[]
  /** By route file: what the screen's code loaded on demand uses beyond its parts and the later part. */
  routesLater: Record<string, string[]>
}

/** The route file of a split part's module (`/src/routes/x.tsx?tsr-split=component` is `x`). */
export function routeFileOf(moduleId: string): string | undefined {
  return /\/src\/routes\/(.+)\.tsx\?tsr-split=/.exec(moduleId)?.[1]
}

/** A route file's parent route files: `a` and `a/route` for every folder above it. */
export function parentFiles(file: string): string[] {
  const segments = file.split('/')
  const parents: string[] = []
  for (let i = 1; i < segments.length; i += 1) {
    const parent = segments.slice(0, i).join('/')
    parents.push(parent, `${parent}/route`)
  }
  return parents
}

export function splitCatalog(
  chunks: readonly SplitChunk[],
  bootFiles: readonly string[],
  idsOfModule: (moduleId: string) => readonly string[],
): CatalogSplit {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const routeFilesOf = (chunk: SplitChunk) =>
    new Set(chunk.moduleIds.map(routeFileOf).filter((f): f is string => f !== undefined))
  const idsOf = (files: Iterable<string>) => {
    const ids = new Set<string>()
    for (const file of files)
      for (const moduleId of byFile.get(file)?.moduleIds ?? [])
        for (const id of idsOfModule(moduleId)) ids.add(id)
    return ids
  }
  const isSplitPart = (file: string) => {
    const chunk = byFile.get(file)
    return chunk !== undefined && routeFilesOf(chunk).size > 0
  }
  /**
   * The chunks reached from `from`, entering a route's split part only if `enter` allows it. Through
   * dynamic imports only into split parts (the router loads them before the screen renders) unless
   * `onDemand`.
   */
  const reach = (from: Iterable<string>, enter: (routeFiles: Set<string>) => boolean, onDemand: boolean) => {
    const seen = new Set<string>()
    const visit = (file: string) => {
      const chunk = byFile.get(file)
      if (!chunk || seen.has(file)) return
      const routes = routeFilesOf(chunk)
      if (routes.size > 0 && !enter(routes)) return
      seen.add(file)
      for (const next of chunk.imports) visit(next)
      for (const next of chunk.dynamicImports) if (onDemand || isSplitPart(next)) visit(next)
    }
    for (const file of from) visit(file)
    return seen
  }
  // The root route belongs to every screen: the boot part has its messages.
  const intoRoot = (files: Set<string>) => files.has('__root')
  const boot = idsOf(reach(bootFiles, intoRoot, false))
  const later = new Set<string>()
  for (const id of idsOf(reach(bootFiles, intoRoot, true))) if (!boot.has(id)) later.add(id)
  const partsOf = new Map<string, string[]>()
  for (const chunk of chunks)
    for (const file of routeFilesOf(chunk)) partsOf.set(file, [...(partsOf.get(file) ?? []), chunk.fileName])
  const routes: Record<string, string[]> = {}
  const onDemandOf = new Map<string, string[]>()
  for (const [file, parts] of partsOf) {
    if (file === '__root') continue
    const own = new Set([file, ...parentFiles(file)])
    const start = [...parts, ...parentFiles(file).flatMap((parent) => partsOf.get(parent) ?? [])]
    const enter = (files: Set<string>) => [...files].some((f) => own.has(f))
    const ids = idsOf(reach(start, enter, false))
    routes[file] = [...ids].filter((id) => !boot.has(id)).sort()
    onDemandOf.set(
      file,
      [...idsOf(reach(start, enter, true))].filter((id) => !ids.has(id) && !boot.has(id) && !later.has(id)),
    )
  }
  // What half the screens or more load on demand (the failure details) is in the shell's later part:
  // one file for all of them, not one more per screen.
  const screensOf = new Map<string, number>()
  for (const ids of onDemandOf.values()) for (const id of ids) screensOf.set(id, (screensOf.get(id) ?? 0) + 1)
  for (const [id, count] of screensOf) if (count * 2 >= onDemandOf.size) later.add(id)
  const routesLater: Record<string, string[]> = {}
  for (const [file, ids] of onDemandOf) {
    const own = ids.filter((id) => !later.has(id)).sort()
    if (own.length > 0) routesLater[file] = own
  }
  return { boot: [...boot].sort(), routes, later: [...later].sort(), routesLater }
}
