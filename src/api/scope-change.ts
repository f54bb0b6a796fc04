import { LIST_KEY } from '../core/keys'
import { queryClient } from '../core/query-client'
import { CATALOG_LIST_NAMES, type Resource } from '../core/resources'
import { type ApiVersion, type Environment, environmentSetting, versionSetting } from '../core/scope'
import { resetPagination } from '../ui/list/pagination'

/** The tasks' lists by name, not the tasks API module: the side menu's switcher loads with every screen. */
const TASKS = 'tasks' satisfies Resource

/** An environment or version change clears cached task and product lists and resets product pagination. */
function clearScopedLists() {
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey.includes(LIST_KEY) &&
      query.queryKey.some((part) => part === TASKS || isCatalogList(part)),
  })
  for (const list of CATALOG_LIST_NAMES) resetPagination(list)
}

const isCatalogList = (part: unknown) => CATALOG_LIST_NAMES.some((name) => name === part)

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
