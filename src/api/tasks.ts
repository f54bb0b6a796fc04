import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { PagedList } from '../contract/envelope'
import { readPage } from '../contract/reading'
import type { ActionSchema, Task, TaskCommand, TaskInput, TaskRun } from '../contract/task'
import {
  type AnswerShape,
  ApiError,
  apiError,
  buildPath,
  dataOrThrow,
  notProvided,
  request,
} from '../core/http'
import { scopeKey } from '../core/keys'
import { queryClient } from '../core/query-client'
import { queueLater } from '../outbox/queue-later'
import { defineResource } from './resource'

export type {
  ActionSchema,
  Task,
  TaskCommand,
  TaskInput,
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

declare module '../core/resources' {
  interface ResourceNames {
    tasks: true
  }
}

export const tasks = defineResource<Task, TaskInput, TaskListParams>({
  name: 'tasks',
  read: PATH,
  schema: (a) => a.taskAnswer,
  label: (t) => t.name,
  form: () => '/tasks/$id/edit',
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

async function paged<T>(
  path: string,
  query: Record<string, string | number | undefined>,
  signal: AbortSignal,
  item: AnswerShape,
) {
  const result = await request<T[]>({ path, query, signal, schema: (a) => a.listOf(item(a)), rows: true })
  if (result.status === 0) throw apiError(result)
  const items = dataOrThrow(result)
  const page = { offset: Number(query.offset ?? 0), limit: Number(query.limit ?? items.length) }
  return { items, ...readPage(items.length, result.total, page) }
}

/** A page of runs; `notProvided` when the platform has no run history (the SPEC does not list the call). */
export type RunsPage = PagedTasks<TaskRun> & { notProvided?: boolean }

export const taskRunsQuery = (id: string, params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: taskKeys.runs(id, params),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<RunsPage> => {
      try {
        return await paged<TaskRun>(
          buildPath(`${PATH}/{id}/runs`, { id }),
          { limit: params.limit, offset: (params.page - 1) * params.limit },
          signal,
          (a) => a.taskRunAnswer,
        )
      } catch (error) {
        if (error instanceof ApiError && notProvided(error.status))
          return { items: [], totalCount: 0, notProvided: true }
        throw error
      }
    },
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
  return queueLater({
    method: 'PUT',
    path: buildPath(`${PATH}/{id}/jobs`, { id: current.id }),
    body: { jobs },
    resource: TASKS,
    entityId: current.id,
    baseVersion: current.updatedAt,
    label: current.name,
    form: '/tasks/$id/edit',
  })
}

/** The path of a task's "run now", as queued and as compared with what is queued. */
export const taskRunPath = (id: string) => buildPath(`${PATH}/{id}/run`, { id })

/**
 * A run asked again from the list of failed and late runs: the user chose it knowing it may go later,
 * so it is queued like any change and sent once under its own Idempotency-Key when the platform
 * answers (the task's own Run now stays online only).
 */
export function queueTaskRun(task: { id: string }, label: string) {
  return queueLater({
    method: 'POST',
    path: taskRunPath(task.id),
    resource: TASKS,
    entityId: task.id,
    label,
    command: 'run',
  })
}

/** Start, stop and run now make no sense later: online only, never queued. */
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
