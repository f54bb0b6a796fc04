/**
 * The message ids a source file names (build time): every string literal given as an `id`, in a
 * descriptor (`{ id: 'x' }`, `defineMessages`, message tables keyed by enums) or a JSX attribute
 * (`id="x"`, `id={'x'}`). Strings that are not messages are dropped by the caller, which keeps only
 * the catalog's ids; the module that holds a table is the one whose chunk gets its messages.
 */
export function messageIdsIn(source: string): string[] {
  const ids = new Set<string>()
  const literal = /\bid\s*(?::|=\s*\{?)\s*(['"`])([\w.:-]+)\1/g
  for (const match of source.matchAll(literal)) if (match[2]) ids.add(match[2])
  return [...ids]
}
