import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { TASK_ACTIONS, TASK_STATUSES } from '../contract/task'
import { queueForCurrentScope } from '../offline/queue'
import { type AnswerShape, apiError, buildPath, dataOrThrow, request } from './http'
import { scopeKey } from './keys'
import { queryClient } from './query-client'
import { defineResource } from './resource'

export type TaskStatus = (typeof TASK_STATUSES)[number]
export type TaskCommand = (typeof TASK_ACTIONS)[number]

export interface TaskAction {
  actionId: string
  name?: string
  input?: unknown
  output?: unknown
  environment?: Record<string, unknown>
  enabled: boolean
  meta?: unknown
}

export interface TaskNotification {
  url?: string
  internal: boolean
  sendOnError: boolean
  sendOnSuccess: boolean
  detailLevel: 'full' | 'simple' | 'result-only'
  type?: string
}

export interface TaskJob {
  id?: string
  schedule: string
  timeZone?: string
}

export interface Task {
  id: string
  name: string
  code?: string
  description?: string
  productCode?: string
  imageUrl?: string
  interval?: number
  requestParameters?: Record<string, unknown>
  appAccessToken?: string
  clientSecret?: string
  hookToken?: string
  concurrentExecutions: number
  asyncResponse: boolean
  status: TaskStatus
  actions: TaskAction[]
  notifications: TaskNotification[]
  jobs: TaskJob[]
  lastRun?: { at: string; outcome: 'success' | 'error' | 'warning'; result: string }
  createdAt?: string
  updatedAt?: string
}

export type TaskInput = Omit<Task, 'id' | 'createdAt' | 'updatedAt' | 'lastRun' | 'status'> & {
  status?: TaskStatus
}

export interface TaskRun {
  id: string
  taskId: string
  startedAt: string
  finishedAt: string
  durationMs: number
  outcome: 'success' | 'error' | 'warning'
  result: string
  trigger?: 'manual' | 'schedule'
  steps?: { actionId: string; name: string; outcome: string; message: string }[]
}

export interface ActionSchema {
  id: string
  name: string
  description?: string
  /** `values`: the allowed values of an option with the enum rule. */
  options: { title: string; rules: string[]; values?: string[] }[]
}

export interface TaskListParams {
  page: number
  limit: number
  sort: string
  status?: string
  q?: string
}

export interface PagedTasks<T> {
  items: T[]
  totalCount: number
}

const PATH = '/api/{env}/tasks'

export const tasks = defineResource<Task, TaskInput, TaskListParams>({
  name: 'tasks',
  read: PATH,
  schema: (a) => a.taskAnswer,
  label: (t) => t.name,
  // The update is a PUT without the jobs field.
  updateBody: ({ jobs: _jobs, ...body }) => body,
  fetchList: (params, { signal }) =>
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

export const TASKS = tasks.name
export const taskKeys = {
  ...tasks.keys,
  runs: (id: string, params: { page: number; limit: number }) =>
    [...tasks.keys.all(), 'runs', id, params] as const,
  actions: () => [...scopeKey(), 'task-actions'] as const,
}
export const tasksQuery = tasks.listQuery
export const taskQuery = tasks.detailQuery

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
