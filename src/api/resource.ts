import { keepPreviousData, type QueryFunctionContext, queryOptions } from '@tanstack/react-query'
import type { CrudDeclaration } from '../contract/crud'
import type { PagedList } from '../contract/envelope'
import { readPage } from '../contract/reading'
import { type AnswerShape, apiError, buildPath, dataOrThrow, request } from '../core/http'
import { LIST_KEY, resourceKey } from '../core/keys'
import { queryClient } from '../core/query-client'
import { type Resource as ResourceName, resourceName } from '../core/resources'
import { queueLater } from '../outbox/queue-later'

/** What every entity of a resource has: an id, and the version an edit starts from. */
export interface Entity {
  id: string
  updatedAt?: string
}

export interface ResourceDefinition<T extends Entity, Input, Params, N extends ResourceName = ResourceName> {
  /**
   * The outbox resource name and the key's family name: a sync refreshes every query that holds it.
   * The defining module adds it to `ResourceNames` (core/resources.ts); others import `resource.name`.
   */
  name: N
  /** The detail's read path, `{id}` appended; `{env}` and `{version}` are filled from the scope. */
  read: string
  /** Where creates go and updates and deletes go with `/{id}`; the read path when not given. */
  write?: string
  /** Deletes go here with `/{id}`; the write path when not given. */
  deletePath?: string
  update?: 'PUT' | 'PATCH'
  /** The detail answer's shape, checked at the door. */
  schema: AnswerShape
  /** The outbox entry's name for people. */
  label: (item: Input | T) => string
  /** What an update sends, when not the whole input. */
  updateBody?: (input: Input) => unknown
  /** The list key after the family name; `[LIST_KEY, params]` when not given. Must hold LIST_KEY. */
  listKey?: (params: Params) => readonly unknown[]
  /** One page of the list; by default `GET read?limit&offset` answering a list of `schema`. */
  fetchList?: (params: Params, context: QueryFunctionContext) => Promise<PagedList<T>>
  /** The route of an entity's form, with `$id` (the Sync centre leads a refused change back there). */
  form?: (body: unknown) => string
}

export interface Resource<T extends Entity, Input, Params, N extends ResourceName = ResourceName> {
  name: N
  keys: {
    all: () => readonly [string, string, string, N]
    list: (params: Params) => readonly unknown[]
    detail: (id: string) => readonly unknown[]
  }
  listQuery: (params: Params) => ReturnType<typeof listOptions<T>>
  detailQuery: (id: string) => ReturnType<typeof detailOptions<T>>
  /** A row of a cached list, standing in for the detail until it is fetched (and offline, for good). */
  fromLists: (id: string) => { data: T; updatedAt: number } | undefined
  queueCreate: (entityId: string, input: Input, label?: string) => ReturnType<typeof queueLater>
  queueUpdate: (current: Pick<T, 'id' | 'updatedAt'>, input: Input) => ReturnType<typeof queueLater>
  queueDelete: (current: T) => ReturnType<typeof queueLater>
}

const listOptions = <T>(
  queryKey: readonly unknown[],
  queryFn: (context: QueryFunctionContext) => Promise<PagedList<T>>,
) => queryOptions({ queryKey, placeholderData: keepPreviousData, queryFn })

const detailOptions = <T>(
  queryKey: readonly unknown[],
  queryFn: (context: QueryFunctionContext) => Promise<T>,
  stand: () => { data: T; updatedAt: number } | undefined,
) =>
  queryOptions({
    queryKey,
    initialData: () => stand()?.data,
    initialDataUpdatedAt: () => stand()?.updatedAt,
    queryFn,
  })

/** One page of a plain list: `page` and `limit` of the params as offset and limit, the rest as given. */
async function fetchPage<T>(
  def: Pick<ResourceDefinition<Entity, unknown, unknown>, 'read' | 'schema'>,
  params: unknown,
  signal: AbortSignal,
): Promise<PagedList<T>> {
  const { page = 1, limit = 10, ...rest } = (params ?? {}) as Record<string, string | number | undefined>
  const offset = (Number(page) - 1) * Number(limit)
  const result = await request<T[]>({
    path: def.read,
    query: { ...rest, limit, offset },
    signal,
    schema: (a) => a.listOf(def.schema(a)),
    rows: true,
  })
  // No answer: the cached page stays rather than being replaced with nothing.
  if (result.status === 0) throw apiError(result)
  const items = dataOrThrow(result)
  return { items, ...readPage(items.length, result.total, { offset, limit: Number(limit) }) }
}

/**
 * A resource of the platform on the client, in one place: its keys (scoped, so a switch never shows
 * another scope's data), list and detail queries, and its writes queued in the outbox under its name.
 */
export function defineResource<
  T extends Entity,
  Input,
  Params = unknown,
  const N extends ResourceName = ResourceName,
>(def: ResourceDefinition<T, Input, Params, N>): Resource<T, Input, Params, N> {
  const name = resourceName(def.name)
  const write = def.write ?? def.read
  const keys = {
    all: () => resourceKey(name),
    list: (params: Params) => [...keys.all(), ...(def.listKey ? def.listKey(params) : [LIST_KEY, params])],
    detail: (id: string) => [...keys.all(), 'detail', id] as const,
  }
  const fromLists = (id: string) => {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: keys.all() })) {
      if (!query.queryKey.includes(LIST_KEY)) continue
      const item = (query.state.data as PagedList<T> | undefined)?.items?.find((row) => row.id === id)
      if (item) return { data: item, updatedAt: query.state.dataUpdatedAt }
    }
    return undefined
  }
  const entry = (current: Pick<T, 'id' | 'updatedAt'>) => ({
    resource: name,
    entityId: current.id,
    baseVersion: current.updatedAt,
  })
  const form = (body: unknown) => (def.form ? { form: def.form(body) } : {})
  return {
    name,
    keys,
    fromLists,
    listQuery: (params) =>
      listOptions<T>(keys.list(params), (context) =>
        def.fetchList ? def.fetchList(params, context) : fetchPage<T>(def, params, context.signal),
      ),
    detailQuery: (id) =>
      detailOptions<T>(
        keys.detail(id),
        async ({ signal }) =>
          dataOrThrow(
            await request<T>({ path: `${def.read}/{id}`, params: { id }, signal, schema: def.schema }),
          ),
        () => fromLists(id),
      ),
    // Writes go through the outbox: stored first, sent when the platform is reachable.
    queueCreate: (entityId, input, label) =>
      queueLater({
        method: 'POST',
        path: buildPath(write),
        body: input,
        resource: name,
        entityId,
        label: label ?? def.label(input),
        ...form(input),
      }),
    // `updatedAt` is the version the user started from (If-Match). A PATCH may carry only the changed
    // fields: its label and form are those of the entity as it will be.
    queueUpdate: (current, input) =>
      queueLater({
        method: def.update ?? 'PUT',
        path: buildPath(`${write}/{id}`, { id: current.id }),
        body: def.updateBody ? def.updateBody(input) : input,
        ...entry(current),
        label: def.label({ ...current, ...input } as Input),
        ...form({ ...current, ...input }),
      }),
    queueDelete: (current) =>
      queueLater({
        method: 'DELETE',
        path: buildPath(`${def.deletePath ?? write}/{id}`, { id: current.id }),
        ...entry(current),
        label: def.label(current),
      }),
  }
}

/**
 * The name and paths of a resource the platform serves from its contract's declaration: the first
 * step of the recipe in docs/resources.md.
 * @public
 */
export const crudPaths = <const N extends string>(declared: CrudDeclaration<N>) => ({
  name: declared.name,
  read: `/api/{env}${declared.path}`,
})
