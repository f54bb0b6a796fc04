import type { ProductType } from '../contract/product'

/**
 * Core layer: the names of resources, each owned by the module whose `defineResource` call names it.
 *
 * An outbox resource names the family a queued change belongs to. It is also a segment of every query
 * key of that family (`resourceKey` in keys.ts builds them), so a settled change refreshes its lists and
 * details by that name. The module that defines a resource adds its name to `ResourceNames`:
 *
 *     declare module '../core/resources' { interface ResourceNames { tasks: true } }
 *
 * so `Resource` is the union of the defined names, and renaming one breaks the build where it is used.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules that define resources
export interface ResourceNames {}
export type Resource = keyof ResourceNames & string

/** The resources defined so far, by name: a resource registers here when its module loads. */
export const RESOURCES: { readonly [N in Resource]?: N } = {}

const NAME = /^[a-z][a-z0-9-]*$/

/** A resource's name, made once by the module that defines it (lowercase words joined by `-`). */
export function resourceName<const N extends Resource>(name: N): N {
  if (!NAME.test(name)) throw new Error(`A resource name is lowercase words joined by "-": ${name}`)
  ;(RESOURCES as Record<string, string>)[name] = name
  return name
}

/**
 * Whether a value can be a resource name (a message from another tab): its module may not be loaded in
 * this tab yet, so the shape is checked, not the registry; a name no query holds refreshes nothing.
 */
export const isResource = (value: unknown): value is Resource => typeof value === 'string' && NAME.test(value)

/** The five catalog lists, by the name in their query keys and their stored pagination. */
export const CATALOG_LIST_NAMES = ['products', 'sources', 'templates', 'connectors', 'transformers'] as const
export type CatalogListName = (typeof CATALOG_LIST_NAMES)[number]

/** The five catalog lists: the names `scope-change.ts` clears and the `{list}.{field}` storage prefixes. */
export const CATALOG_LISTS = {
  products: 'dataproduct',
  sources: 'datasource',
  templates: 'datasource-template',
  connectors: 'connector',
  transformers: 'transformer',
} as const satisfies Record<CatalogListName, ProductType>
export type CatalogList = keyof typeof CATALOG_LISTS

/** Every paged list: its name prefixes its pagination in localStorage (`{list}.currentPage`, `{list}.limit`). */
export type PagedListName = CatalogListName | Resource
