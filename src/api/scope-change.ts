import { queryClient } from '../core/query-client'
import { type ApiVersion, type Environment, environmentSetting, versionSetting } from '../core/scope'

const PRODUCT_LISTS = ['products', 'sources', 'templates', 'connectors', 'transformers']

/** SPEC §4: an environment or version change clears cached task and product lists and resets product pagination. */
function clearScopedLists() {
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey.includes('list') &&
      query.queryKey.some((part) => part === 'tasks' || PRODUCT_LISTS.includes(String(part))),
  })
  try {
    for (const list of PRODUCT_LISTS) localStorage.removeItem(`${list}.currentPage`)
  } catch {
    // Nothing stored.
  }
}

export function switchEnvironment(env: Environment) {
  if (env === environmentSetting.get()) return
  environmentSetting.set(env)
  clearScopedLists()
}

export function switchVersion(version: ApiVersion) {
  if (version === versionSetting.get()) return
  versionSetting.set(version)
  clearScopedLists()
}
