import { Hono } from 'hono'
import { z } from 'zod'
import { failure, ok } from '../../src/contract/envelope'
import { listQuerySchema } from '../../src/contract/list-query'
import { TASK_ACTIONS, taskInputSchema, taskUpdateSchema } from '../../src/contract/task'
import { requirePermission, requireUser } from '../auth'
import { type Ctx, stamp, type Vars } from '../context'
import { crud } from '../crud'
import { writeEvent } from '../events'
import { type Entity, Store } from '../store'
import { parseWith } from '../validate'
import { idempotent, notFound } from '../writes'
import { ACTION_SCHEMAS } from './action-schemas'

export const tasks = new Hono<{ Variables: Vars }>()
const store = (c: Ctx, kind = 'task') => new Store(c.get('platform').db, c.get('env'), kind)
const actionQuerySchema = z.object({ sort: z.enum(['name:asc', 'name:desc', 'name']).default('name:asc') })

/** The action schemas a task can run (SPEC §7 GET /{env}/actions?sort=name:asc), for signed-in users. */
tasks.get('/:env/actions', (c) => {
  const user = requireUser(c)
  if (user instanceof Response) return user
  const query = parseWith(actionQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const sorted = [...ACTION_SCHEMAS].sort((a, b) => a.name.localeCompare(b.name))
  if (query.data.sort === 'name:desc') sorted.reverse()
  return c.json(ok(sorted, { totalCount: sorted.length }))
})

/** The run history of a task, newest first. */
tasks.get('/:env/tasks/:id/runs', async (c) => {
  const id = c.req.param('id')
  const user = await requirePermission(c, 'tasks', 'read', id)
  if (user instanceof Response) return user
  const query = parseWith(listQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  if (!(await store(c).get(id))) return c.json(notFound('Task', id).body as object, 404)
  const { items, totalCount } = await store(c, 'task-run').list({
    limit: query.data.limit,
    offset: query.data.offset,
    parentId: id,
    sort: { field: 'createdAt', direction: 'desc' },
  })
  return c.json(ok(items, { totalCount, limit: query.data.limit, offset: query.data.offset }))
})

type Step = { actionId: string; name: string; outcome: 'success' | 'error' | 'skipped'; message: string }

/**
 * One run now: the enabled actions in order, each against its action schema; the first failing action
 * ends the run (the rest are skipped). No enabled action is a warning. Records the run, the task's
 * last run and status, and an event.
 */
export async function runTask(c: Ctx, task: Entity, userId: string | undefined) {
  const platform = c.get('platform')
  const started = platform.now()
  const actions = (
    (task.actions as { actionId?: string; name?: string; enabled?: boolean }[] | undefined) ?? []
  ).filter((a) => a.enabled !== false)
  const steps: Step[] = []
  for (const action of actions) {
    const actionId = String(action.actionId ?? '')
    const name = action.name || actionId
    const schema = ACTION_SCHEMAS.find((s) => s.id === actionId)
    if (steps.some((s) => s.outcome === 'error'))
      steps.push({ actionId, name, outcome: 'skipped', message: 'Skipped after an error' })
    else if (!schema) steps.push({ actionId, name, outcome: 'error', message: `Unknown action ${actionId}` })
    else steps.push({ actionId, name, outcome: 'success', message: `${schema.name} done` })
  }
  const failed = steps.find((s) => s.outcome === 'error')
  const outcome = steps.length === 0 ? 'warning' : failed ? 'error' : 'success'
  const result =
    outcome === 'warning'
      ? 'No enabled actions to run'
      : failed
        ? `${failed.name} failed: ${failed.message}`
        : `Ran ${steps.map((s) => s.name).join(', ')}`
  const finished = Math.max(platform.now(), started + 1)
  const run = await store(c, 'task-run').insert(
    {
      taskId: task.id,
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date(finished).toISOString(),
      durationMs: finished - started,
      outcome,
      result,
      steps,
    },
    userId,
    stamp(finished),
  )
  const status = outcome === 'success' ? task.status : outcome
  const updated = await store(c).replace(
    task,
    { ...task, status, lastRun: { at: run.finishedAt, outcome, result } },
    userId,
    stamp(platform.now()),
  )
  await writeEvent(platform, c.get('env'), c.get('user'), {
    type: outcome === 'error' ? 'TASK_RUN_FAILED' : 'TASK_RUN_FINISHED',
    status: outcome,
    message: result,
    targetType: 'task',
    targetEntityId: task.id,
    taskId: task.id,
    category: 'tasks',
    actionMethod: 'POST',
  })
  return { run, task: updated }
}

/** start → running, stop → stopped, run → run now (SPEC §4). */
tasks.post('/:env/tasks/:id/:action', async (c) => {
  const id = c.req.param('id')
  const action = c.req.param('action')
  if (!(TASK_ACTIONS as readonly string[]).includes(action))
    return c.json(failure(`Unknown task action ${action}: use ${TASK_ACTIONS.join(', ')}`), 400)
  const user = await requirePermission(c, 'tasks', 'execute', id)
  if (user instanceof Response) return user
  return idempotent(c, user, { action }, async () => {
    const task = await store(c).get(id)
    if (!task) return notFound('Task', id)
    if (action === 'run') return { status: 200, body: ok(await runTask(c, task, user.id)) }
    const status = action === 'start' ? 'running' : 'stopped'
    const updated = await store(c).replace(task, { ...task, status }, user.id, stamp(c.get('platform').now()))
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: action === 'start' ? 'TASK_STARTED' : 'TASK_STOPPED',
      message: `Task ${String(task.name)} ${status}`,
      targetType: 'task',
      targetEntityId: id,
      taskId: id,
      category: 'tasks',
      actionMethod: 'POST',
    })
    return { status: 200, body: ok({ task: updated }) }
  })
})

crud(tasks, {
  kind: 'task',
  label: 'Task',
  permission: 'tasks',
  readPath: '/:env/tasks',
  writePath: '/:env/tasks',
  createSchema: taskInputSchema,
  putSchema: taskUpdateSchema,
  updateSchema: taskUpdateSchema.partial(),
  updateMethods: ['put'],
  children: ['task-run'],
  refuse: (body) =>
    typeof body === 'object' && body !== null && 'jobs' in body
      ? 'The update must not contain jobs'
      : undefined,
  // PUT replaces everything but the jobs, which stay as they are.
  enrich: (_c, fields, current) => (current ? { ...fields, jobs: current.jobs ?? [] } : fields),
})
