import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { PagedList } from '../contract/envelope'
import type { ActionSchema, Task, TaskCommand, TaskInput, TaskRun } from '../contract/task'
import { type AnswerShape, apiError, buildPath, dataOrThrow, request } from '../core/http'
import { LIST_KEY, resourceKey, scopeKey } from '../core/keys'
import { queryClient } from '../core/query-client'
import { RESOURCES } from '../core/resources'
import { queueForCurrentScope } from '../outbox/queue'

export type {
  ActionSchema,
  Task,
  TaskAction,
  TaskCommand,
  TaskInput,
  TaskJob,
  TaskNotification,
  TaskRun,
  TaskStatus,
} from '../contract/task'

export interface TaskListParams {
  page: number
  limit: number
  sort: string
  status?: string
  q?: string
}

export type PagedTasks<T> = Omit<PagedList<T>, 'error'>

const PATH = '/api/{env}/tasks'
export const TASKS = RESOURCES.tasks

export const taskKeys = {
  all: () => resourceKey(TASKS),
  list: (params: TaskListParams) => [...taskKeys.all(), LIST_KEY, params] as const,
  detail: (id: string) => [...taskKeys.all(), 'detail', id] as const,
  runs: (id: string, params: { page: number; limit: number }) =>
    [...taskKeys.all(), 'runs', id, params] as const,
  actions: () => [...scopeKey(), 'task-actions'] as const,
}

async function paged<T>(
  path: string,
  query: Record<string, string | number | undefined>,
  signal: AbortSignal,
  item: AnswerShape,
) {
  const result = await request<T[]>({ path, query, signal, schema: (a) => a.listOf(item(a)) })
  if (result.status === 0) throw apiError(result)
  const items = dataOrThrow(result)
  return { items, totalCount: result.pagination?.totalCount ?? items.length }
}

export const tasksQuery = (params: TaskListParams) =>
  queryOptions({
    queryKey: taskKeys.list(params),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }): Promise<PagedTasks<Task>> =>
      paged<Task>(
        PATH,
        {
          limit: params.limit,
          offset: (params.page - 1) * params.limit,
          sort: params.sort,
          status: params.status ? `in:${params.status}` : undefined,
          q: params.q,
        },
        signal,
        (a) => a.taskAnswer,
      ),
  })

/** A row of a cached list stands in for the detail until it is fetched (and offline, for good). */
export function fromLists(id: string): { data: Task; updatedAt: number } | undefined {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [...taskKeys.all(), LIST_KEY] })) {
    const item = (query.state.data as PagedTasks<Task> | undefined)?.items.find((t) => t.id === id)
    if (item) return { data: item, updatedAt: query.state.dataUpdatedAt }
  }
  return undefined
}

export const taskQuery = (id: string) =>
  queryOptions({
    queryKey: taskKeys.detail(id),
    initialData: () => fromLists(id)?.data,
    initialDataUpdatedAt: () => fromLists(id)?.updatedAt,
    queryFn: async ({ signal }) =>
      dataOrThrow(
        await request<Task>({ path: `${PATH}/{id}`, params: { id }, signal, schema: (a) => a.taskAnswer }),
      ),
  })

export const taskRunsQuery = (id: string, params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: taskKeys.runs(id, params),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }): Promise<PagedTasks<TaskRun>> =>
      paged<TaskRun>(
        buildPath(`${PATH}/{id}/runs`, { id }),
        { limit: params.limit, offset: (params.page - 1) * params.limit },
        signal,
        (a) => a.taskRunAnswer,
      ),
  })

export const actionSchemasQuery = () =>
  queryOptions({
    queryKey: taskKeys.actions(),
    staleTime: 60 * 60_000,
    queryFn: async ({ signal }) =>
      dataOrThrow(
        await request<ActionSchema[]>({
          path: '/api/{env}/actions',
          query: { sort: 'name:asc' },
          signal,
          schema: (a) => a.listOf(a.actionSchemaAnswer),
        }),
      ),
  })

/** Writes go through the outbox: stored first, sent when the platform is reachable. */
export function queueTaskCreate(entityId: string, input: TaskInput) {
  return queueForCurrentScope({
    method: 'POST',
    path: buildPath(PATH),
    body: input,
    resource: TASKS,
    entityId,
    label: input.name,
  })
}

/** SPEC §7: the update is a PUT without the jobs field. */
export function queueTaskUpdate(current: Pick<Task, 'id' | 'updatedAt'>, input: TaskInput) {
  const { jobs: _jobs, ...body } = input
  return queueForCurrentScope({
    method: 'PUT',
    path: buildPath(`${PATH}/{id}`, { id: current.id }),
    body,
    resource: TASKS,
    entityId: current.id,
    baseVersion: current.updatedAt,
    label: input.name,
  })
}

/** The scheduled jobs of an existing task: their own call, as the task's PUT leaves them as they are. */
export function queueTaskJobs(current: Pick<Task, 'id' | 'updatedAt' | 'name'>, jobs: TaskInput['jobs']) {
  return queueForCurrentScope({
    method: 'PUT',
    path: buildPath(`${PATH}/{id}/jobs`, { id: current.id }),
    body: { jobs },
    resource: TASKS,
    entityId: current.id,
    baseVersion: current.updatedAt,
    label: current.name,
  })
}

export function queueTaskDelete(current: Task) {
  return queueForCurrentScope({
    method: 'DELETE',
    path: buildPath(`${PATH}/{id}`, { id: current.id }),
    resource: TASKS,
    entityId: current.id,
    baseVersion: current.updatedAt,
    label: current.name,
  })
}

/** Start, stop and run now: online only, never queued (DESIGN "Writing data"). */
export async function sendTaskCommand(id: string, command: TaskCommand, idempotencyKey: string) {
  const result = await request<{ task: Task; run?: TaskRun }>({
    method: 'POST',
    path: `${PATH}/{id}/{command}`,
    params: { id, command },
    schema: (a) => a.taskCommandAnswer,
    headers: { 'Idempotency-Key': idempotencyKey },
  })
  if (result.error === undefined && result.data?.task) {
    queryClient.setQueryData(taskKeys.detail(id), result.data.task)
    await queryClient.invalidateQueries({ queryKey: taskKeys.all() })
  }
  return result
}
