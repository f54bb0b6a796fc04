import type { APIRequestContext } from '@playwright/test'
import { platform } from './support'

export const VIEWER_TOKEN = 'demo-viewer-token'

export interface TaskRow {
  id: string
  name: string
  status: string
  interval?: number
  description?: string
  updatedAt: string
  jobs: { schedule: string; timeZone?: string }[]
  actions: { actionId: string; name?: string; input?: Record<string, unknown>; enabled: boolean }[]
  notifications: { url?: string; internal: boolean; detailLevel: string }[]
  lastRun?: { outcome: string; result: string }
  stopAfterFailures?: number | null
  stoppedAfterFailures?: number
}

/** A task made on the platform directly, as another client would. */
export async function createTask(request: APIRequestContext, body: Record<string, unknown>) {
  const { status, json } = await platform<TaskRow>(request, 'POST', '/api/sandbox/tasks', {
    actions: [{ actionId: 'http-get', name: 'Fetch', input: { url: 'https://example.com/data' } }],
    jobs: [{ schedule: '0 2 * * *', timeZone: 'FLE Standard Time' }],
    ...body,
  })
  if (status !== 201 || !json.result) throw new Error(`Task not created: ${status}`)
  return json.result
}

export async function getTask(request: APIRequestContext, id: string) {
  return (await platform<TaskRow>(request, 'GET', `/api/sandbox/tasks/${id}`)).json.result
}

export async function findTasks(request: APIRequestContext, q: string) {
  return (
    (await platform<TaskRow[]>(request, 'GET', `/api/sandbox/tasks?limit=100&q=${encodeURIComponent(q)}`))
      .json.result ?? []
  )
}

export async function taskEvents(request: APIRequestContext, id: string) {
  return (
    (await platform<{ type: string }[]>(request, 'GET', `/api/sandbox/events?taskId=${id}&limit=50`)).json
      .result ?? []
  ).map((e) => e.type)
}
