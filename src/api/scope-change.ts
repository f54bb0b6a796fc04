import { LIST_KEY } from '../core/keys'
import { queryClient } from '../core/query-client'
import { CATALOG_LIST_NAMES, type Resource } from '../core/resources'
import { type ApiVersion, type Environment, environmentSetting, versionSetting } from '../core/scope'
import { keepUnsavedInput } from '../pwa/unsaved'
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

/**
 * A scope change remounts the screen: what a form holds is kept as its draft first, at once, not after
 * the pause between keystrokes, so the form offers it again in the scope it was typed in.
 */
export async function switchEnvironment(env: Environment) {
  if (env === environmentSetting.get()) return
  await keepUnsavedInput()
  environmentSetting.set(env)
  clearScopedLists()
}

export async function switchVersion(version: ApiVersion) {
  if (version === versionSetting.get()) return
  await keepUnsavedInput()
  versionSetting.set(version)
  clearScopedLists()
}
