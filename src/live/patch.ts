// Changes from the live stream laid into the query cache in place: the rows, details and counts that
// hold the entity are updated where they are; only what cannot be derived is asked for again.

import type { InfiniteData, Query, QueryClient, QueryKey } from '@tanstack/react-query'
import type { EventFilters, EventPage } from '../api/events'
import type * as Answers from '../contract/answers'
import type { PagedList } from '../contract/envelope'
import type { PlatformEvent } from '../contract/event'
import { LIST_KEY } from '../core/keys'
import { keptCurrent } from './follow'
import type { Change } from './frames'

/**
 * The answer schemas, passed in: they are loaded as their own chunk (with the first answer that
 * needs them), so this module imports only their types.
 */
export type Schemas = typeof Answers

/** A cached row as this module reads it: any entity has an id; the rest may be there or not. */
interface Row {
  id: string
  updatedAt?: string
  /** A task's run state (the home screen counts them). */
  status?: unknown
  /** A catalog entity's type (its list is per type). */
  type?: unknown
}

/** Query keys start with environment, version and organization, then the family's name. */
const ENV = 0
const FAMILY = 3

/** What a change touched, for tests and the bench: rows set, queries invalidated. */
export interface PatchResult {
  patched: number
  invalidated: number
}

const inEnv = (env: string) => (query: Query) => query.queryKey[ENV] === env

function queriesOf(client: QueryClient, env: string, family: string, more?: (key: QueryKey) => boolean) {
  return client.getQueryCache().findAll({
    predicate: (q) => inEnv(env)(q) && q.queryKey[FAMILY] === family && (!more || more(q.queryKey)),
  })
}

/** The entity read as its GET answer is read; undefined when it does not fit (the query is asked again). */
function read<T>(answers: Schemas, schema: Answers.AnswerSchema, entity: unknown): T | undefined {
  if (entity === undefined) return undefined
  const parsed = answers.readAnswer<T>(schema, entity)
  return parsed.success ? parsed.data : undefined
}

/** Not older than what the cache holds: a refetch that answered after the change must not be undone. */
function notOlder(next: Row, cached: Row | undefined): boolean {
  const was = Date.parse(cached?.updatedAt ?? '')
  const now = Date.parse(next.updatedAt ?? '')
  // Without two readable times the stream's order decides: it carries changes as they were committed.
  return Number.isNaN(was) || Number.isNaN(now) || now >= was
}

/** Sets the entity on every cached list page and detail that hold it; how many it was found in. */
function setEverywhere<T extends Row>(
  client: QueryClient,
  env: string,
  family: string,
  entity: T,
): { found: number; before?: T } {
  let found = 0
  let before: T | undefined
  for (const query of queriesOf(client, env, family)) {
    const key = query.queryKey
    if (key.includes(LIST_KEY)) {
      const list = query.state.data as PagedList<T> | undefined
      const index = list?.items?.findIndex((row) => row.id === entity.id) ?? -1
      if (!list || index < 0) continue
      found += 1
      before ??= list.items[index]
      if (!notOlder(entity, list.items[index])) continue
      const items = list.items.slice()
      items[index] = entity
      client.setQueryData(key, { ...list, items })
    } else if (
      key[FAMILY + 1] === 'detail' &&
      key[FAMILY + 2] === entity.id &&
      query.state.data !== undefined
    ) {
      found += 1
      const cached = query.state.data as T
      before ??= cached
      if (notOlder(entity, cached)) client.setQueryData(key, entity)
    }
  }
  return { found, before }
}

/** Takes the entity out of every cached list page; its detail is asked again (it answers "gone"). */
function removeEverywhere(
  client: QueryClient,
  env: string,
  family: string,
  id: string,
): PatchResult & { before?: Row } {
  let patched = 0
  let before: Row | undefined
  for (const query of queriesOf(client, env, family, (key) => key.includes(LIST_KEY))) {
    const list = query.state.data as PagedList<Row> | undefined
    const row = list?.items?.find((r) => r.id === id)
    if (!list || !row) continue
    before ??= row
    patched += 1
    client.setQueryData(query.queryKey, {
      ...list,
      items: list.items.filter((r) => r.id !== id),
      totalCount: Math.max(0, list.totalCount - 1),
    })
  }
  const details = queriesOf(
    client,
    env,
    family,
    (key) => key[FAMILY + 1] === 'detail' && key[FAMILY + 2] === id,
  )
  for (const query of details) void client.invalidateQueries({ queryKey: query.queryKey, exact: true })
  return { patched, invalidated: details.length, before }
}

function invalidateLists(
  client: QueryClient,
  env: string,
  family: string,
  more?: (key: QueryKey) => boolean,
) {
  const lists = queriesOf(client, env, family, (key) => key.includes(LIST_KEY) && (!more || more(key)))
  for (const query of lists) void client.invalidateQueries({ queryKey: query.queryKey, exact: true })
  return lists.length
}

/** The home screen's count of tasks in a status, moved by one where it is cached. */
function countTasks(client: QueryClient, env: string, status: unknown, by: number): number {
  let changed = 0
  if (typeof status !== 'string') return 0
  for (const query of queriesOf(
    client,
    env,
    'monitoring',
    (k) => k[FAMILY + 1] === 'task-count' && k[FAMILY + 2] === status,
  )) {
    const count = query.state.data
    if (typeof count !== 'number') continue
    client.setQueryData(query.queryKey, Math.max(0, count + by))
    changed += 1
  }
  return changed
}

function invalidateCounts(client: QueryClient, env: string): number {
  const counts = queriesOf(client, env, 'monitoring', (k) => k[FAMILY + 1] === 'task-count')
  for (const query of counts) void client.invalidateQueries({ queryKey: query.queryKey, exact: true })
  return counts.length
}

function patchTask(client: QueryClient, env: string, change: Change, answers: Schemas): PatchResult {
  if (change.op === 'deleted') {
    const { patched, invalidated, before } = removeEverywhere(client, env, 'tasks', change.id)
    const status = before?.status
    // Its status known from a cached row: the count moves by one; otherwise the counts are asked again.
    if (status !== undefined) return { patched: patched + countTasks(client, env, status, -1), invalidated }
    return { patched, invalidated: invalidated + invalidateCounts(client, env) }
  }
  const task = read<Row>(answers, answers.taskAnswer, change.entity)
  if (!task) {
    // Too large to carry, or of a shape this console does not read: its queries are asked again.
    const lists = invalidateLists(client, env, 'tasks')
    const details = queriesOf(client, env, 'tasks', (k) => k[FAMILY + 2] === change.id)
    for (const query of details) void client.invalidateQueries({ queryKey: query.queryKey, exact: true })
    return { patched: 0, invalidated: lists + details.length + invalidateCounts(client, env) }
  }
  if (change.op === 'created') {
    // Where a new task belongs in a sorted, filtered, paged list only the platform knows.
    const invalidated = invalidateLists(client, env, 'tasks')
    return { patched: countTasks(client, env, task.status, 1), invalidated }
  }
  const { found, before } = setEverywhere(client, env, 'tasks', task)
  let patched = found
  let invalidated = 0
  const wasStatus = before?.status
  if (before && wasStatus !== task.status && notOlder(task, before)) {
    patched += countTasks(client, env, wasStatus, -1) + countTasks(client, env, task.status, 1)
  } else if (!before) invalidated += invalidateCounts(client, env)
  // Its runs' history follows its run state: only this task's, only where shown.
  invalidated += invalidateRuns(client, env, task.id)
  return { patched, invalidated }
}

function invalidateRuns(client: QueryClient, env: string, taskId: string): number {
  const runs = queriesOf(client, env, 'tasks', (k) => k[FAMILY + 1] === 'runs' && k[FAMILY + 2] === taskId)
  for (const query of runs) void client.invalidateQueries({ queryKey: query.queryKey, exact: true })
  return runs.length
}

/** Whether a list's filters let the event in, as the platform filters them. */
export function eventMatches(event: PlatformEvent, filters: EventFilters): boolean {
  const oneOf = (value: string | undefined, filter: string | undefined) => {
    if (!filter) return true
    const values = filter.startsWith('in:') ? filter.slice(3).split(',') : [filter]
    return value !== undefined && values.includes(value)
  }
  if (filters.type) {
    const types = filters.type.startsWith('in:') ? filters.type.slice(3).split(',') : [filters.type]
    if (!types.some((t) => event.type.toLowerCase().includes(t.toLowerCase()))) return false
  }
  if (filters.error) {
    if (event.status !== 'error') return false
  } else if (!oneOf(event.status, filters.status)) return false
  if (!oneOf(event.category, filters.category)) return false
  if (!oneOf(event.targetType, filters.targetType)) return false
  if (filters.appName && event.appName !== filters.appName) return false
  const at = Date.parse(event.timestamp)
  if (filters.from && !(at >= Date.parse(filters.from))) return false
  if (filters.to && !(at <= Date.parse(filters.to))) return false
  return true
}

function patchEvent(client: QueryClient, env: string, change: Change, answers: Schemas): PatchResult {
  if (change.op !== 'created') return { patched: 0, invalidated: 0 }
  const event = read<PlatformEvent>(answers, answers.eventAnswer, change.entity)
  let patched = 0
  let invalidated = 0
  for (const query of queriesOf(client, env, 'events', (k) => k[FAMILY + 1] === 'list')) {
    const data = query.state.data as InfiniteData<EventPage> | undefined
    const first = data?.pages[0]
    if (!data || !first) continue
    if (!event) {
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true })
      invalidated += 1
      continue
    }
    if (!eventMatches(event, (query.queryKey[FAMILY + 2] ?? {}) as EventFilters)) continue
    if (data.pages.some((page) => page.items.some((e) => e.id === event.id))) continue
    patched += 1
    // On top: the list is newest first. The first page grows by one, so the next page's offset
    // (computed from what is loaded) stays right.
    client.setQueryData<InfiniteData<EventPage>>(query.queryKey, {
      ...data,
      pages: [
        { ...first, items: [event, ...first.items], totalCount: first.totalCount + 1 },
        ...data.pages.slice(1).map((page) => ({ ...page, totalCount: page.totalCount + 1 })),
      ],
    })
  }
  if (event?.status === 'error') {
    for (const query of queriesOf(client, env, 'monitoring', (k) => k[FAMILY + 1] === 'last-errors')) {
      const list = query.state.data as PlatformEvent[] | undefined
      const limit = Number(query.queryKey[FAMILY + 2])
      if (!list || list.some((e) => e.id === event.id)) continue
      patched += 1
      client.setQueryData(query.queryKey, [event, ...list].slice(0, limit > 0 ? limit : undefined))
    }
  }
  // The monitoring charts count events: asked again when next shown, not now.
  void client.invalidateQueries({
    predicate: (q) =>
      inEnv(env)(q) &&
      q.queryKey[FAMILY] === 'monitoring' &&
      q.queryKey[FAMILY + 1] !== 'last-errors' &&
      q.queryKey[FAMILY + 1] !== 'task-count',
    refetchType: 'none',
  })
  return { patched, invalidated }
}

/** Products and the other catalog entities (one family), and data formats: rows in place, else their lists. */
function patchEntity(
  client: QueryClient,
  env: string,
  change: Change,
  family: string,
  answers: Schemas,
  schema: Answers.AnswerSchema,
  ofKind?: (entity: Row | undefined) => (key: QueryKey) => boolean,
): PatchResult {
  if (change.op === 'deleted') return removeEverywhere(client, env, family, change.id)
  const entity = read<Row>(answers, schema, change.entity)
  const lists = ofKind ? ofKind(entity) : undefined
  if (!entity) {
    const details = queriesOf(
      client,
      env,
      family,
      (k) => k[FAMILY + 1] === 'detail' && k[FAMILY + 2] === change.id,
    )
    for (const query of details) void client.invalidateQueries({ queryKey: query.queryKey, exact: true })
    return { patched: 0, invalidated: details.length + invalidateLists(client, env, family, lists) }
  }
  if (change.op === 'created') return { patched: 0, invalidated: invalidateLists(client, env, family, lists) }
  const { found } = setEverywhere(client, env, family, entity)
  const inLists = queriesOf(client, env, family, (k) => k.includes(LIST_KEY)).some((q) =>
    (q.state.data as PagedList<Row> | undefined)?.items?.some((r) => r.id === entity.id),
  )
  // Not in any cached list: it may now belong in one (a status or name that a filter matches).
  return { patched: found, invalidated: inLists ? 0 : invalidateLists(client, env, family, lists) }
}

/** A catalog list's key holds the entity's type right after its list name. */
const catalogOfType = (entity: Row | undefined) => (key: QueryKey) => {
  const type = entity?.type
  return type === undefined || key[FAMILY + 2] === type
}

/** One change into the cache of the given environment; kinds the console does not know are left. */
export function applyChange(client: QueryClient, env: string, change: Change, answers: Schemas): PatchResult {
  switch (change.kind) {
    case 'task':
      return patchTask(client, env, change, answers)
    case 'run': {
      const taskId = change.parentId
      return { patched: 0, invalidated: taskId ? invalidateRuns(client, env, taskId) : 0 }
    }
    case 'event':
      return patchEvent(client, env, change, answers)
    case 'product':
      return patchEntity(client, env, change, 'catalog', answers, answers.productAnswer, catalogOfType)
    case 'dataFormat':
      return patchEntity(client, env, change, 'data-formats', answers, answers.dataFormatAnswer)
    default:
      return { patched: 0, invalidated: 0 }
  }
}

/**
 * Too long a gap to replay: what is on screen is asked again, the rest marked stale. With `staleOnly`
 * (a device's first stream, which replays nothing): what is shown and stale, and what is shown and
 * kept current by the stream. Those were read before the stream opened, and a change made in between
 * would reach them neither by the stream nor by a refetch on focus, which the stream turns off.
 */
export function refetchVisible(client: QueryClient, env: string, staleOnly = false) {
  if (staleOnly)
    return client.refetchQueries({
      predicate: (q) => inEnv(env)(q) && (q.isStale() || keptCurrent(q.queryKey)),
      type: 'active',
    })
  return client.invalidateQueries({ predicate: inEnv(env), refetchType: 'active' })
}
