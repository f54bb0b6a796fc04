/**
 * Core layer: names shared by the outbox and the api, owned here so that renaming one breaks the build.
 *
 * An outbox resource names the family a queued change belongs to. It is also a segment of every query
 * key of that family (`resourceKey` in keys.ts builds them), so a settled change refreshes its lists and
 * details by that name.
 */
export const RESOURCES = {
  catalog: 'catalog',
  tasks: 'tasks',
  dataFormats: 'data-formats',
  contracts: 'contracts',
} as const
export type Resource = (typeof RESOURCES)[keyof typeof RESOURCES]

export const isResource = (value: unknown): value is Resource =>
  (Object.values(RESOURCES) as unknown[]).includes(value)

/** The five catalog lists, by the name in their query keys and their stored pagination. */
export const CATALOG_LIST_NAMES = ['products', 'sources', 'templates', 'connectors', 'transformers'] as const
export type CatalogListName = (typeof CATALOG_LIST_NAMES)[number]

/** Every paged list: its name prefixes its pagination in localStorage (`{list}.currentPage`, `{list}.limit`). */
export type PagedListName = CatalogListName | typeof RESOURCES.tasks | typeof RESOURCES.dataFormats
