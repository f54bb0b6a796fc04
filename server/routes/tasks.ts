import { Hono } from 'hono'
import { z } from 'zod'
import { failure, ok } from '../../src/contract/envelope'
import { listQuerySchema } from '../../src/contract/list-query'
import { TASK_ACTIONS, taskInputSchema, taskUpdateSchema } from '../../src/contract/task'
import type { Ctx, Vars } from '../context'
import { crud } from '../crud'
import { writeEvent } from '../events'
import { withoutFailureCount } from '../failure-stop'
import { hasPermission, readableTasks, readerOf, route, userOf } from '../guard'
import { urlProblem } from '../outbound'
import { definitionChange, runStateChange, TASK_RUN_STATE } from '../run-state'
import { resetSchedule } from '../schedule-reset'
import { nextDue } from '../scheduler'
import { taskView, viewResult, withSecrets } from '../secrets'
import { Store } from '../store'
import { runTask } from '../task-run'
import { jsonBody, parseBody, parseWith } from '../validate'
import { idempotent, notFound, updateEntity } from '../writes'
import { ACTION_SCHEMAS } from './action-schemas'

export const tasks = new Hono<{ Variables: Vars }>()
const store = (c: Ctx, kind = 'task') => new Store(c.get('platform').db, c.get('env'), kind)
const actionQuerySchema = z.object({ sort: z.enum(['name:asc', 'name:desc', 'name']).default('name:asc') })

/** The action schemas a task can run (GET /{env}/actions?sort=name:asc), for signed-in users. */
route(tasks, 'get', '/:env/actions', (c) => {
  const query = parseWith(actionQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const sorted = [...ACTION_SCHEMAS].sort((a, b) => a.name.localeCompare(b.name))
  if (query.data.sort === 'name:desc') sorted.reverse()
  return c.json(ok(sorted, { totalCount: sorted.length }))
})

/** The run history of a task, newest first. */
route(tasks, 'get', '/:env/tasks/:id/runs', async (c) => {
  const id = c.req.param('id')
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

/** start → running, stop → stopped, run → run now. */
route(tasks, 'post', '/:env/tasks/:id/:action', async (c) => {
  const id = c.req.param('id')
  const action = c.req.param('action')
  if (!(TASK_ACTIONS as readonly string[]).includes(action))
    return c.json(failure(`Unknown task action ${action}: use ${TASK_ACTIONS.join(', ')}`), 400)
  const user = userOf(c)
  return idempotent(c, user, { action }, async () => viewResult(await command(), taskView))
  async function command() {
    const task = await store(c).get(id)
    if (!task) return notFound('Task', id)
    if (action === 'run') {
      const { run, task: after } = await runTask(c.get('platform'), c.get('env'), task, user)
      return { status: 200, body: ok({ run, task: taskView(after) }) }
    }
    const status = action === 'start' ? 'running' : 'stopped'
    // Start and stop change the run state, not the definition (run-state.ts).
    const written = await updateEntity(
      c,
      store(c),
      id,
      'Task',
      user.id,
      async (current, at) => ({
        // Either begins the count of failed runs in a row afresh.
        fields: {
          ...withoutFailureCount(current),
          status,
          scheduled: action === 'start',
          ...runStateChange(current, at),
        },
      }),
      { fields: TASK_RUN_STATE, touched: ['status'] },
    )
    if (!('entity' in written)) return written
    const updated = written.entity
    await resetSchedule(c.get('platform').db, c.get('env'), id)
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: action === 'start' ? 'TASK_STARTED' : 'TASK_STOPPED',
      message: `Task ${String(task.name)} ${status}`,
      targetType: 'task',
      targetEntityId: id,
      taskId: id,
      category: 'tasks',
      actionMethod: 'POST',
    })
    return { status: 200, body: ok({ task: taskView(updated) }) }
  }
})

const jobsSchema = z.object({ jobs: taskInputSchema.shape.jobs })

export const RUN_STATE_NEEDS_EXECUTE =
  'status: a task is started and stopped with start, stop and run, which need the permission to run it (tasks.execute)'

/**
 * A task's run state changes through start, stop and run, with tasks.execute: a create whose status is
 * not the default (stopped), or an update that changes the status, needs that permission too.
 */
async function runStateRefusal(c: Ctx, fields: Record<string, unknown>, current?: Record<string, unknown>) {
  const status = fields.status ?? 'stopped'
  if (status === (current ? current.status : 'stopped')) return undefined
  const id = typeof current?.id === 'string' ? current.id : undefined
  if (await hasPermission(c.get('platform'), c.get('env'), userOf(c), 'tasks.execute', id)) return undefined
  return {
    status: 403,
    body: failure(RUN_STATE_NEEDS_EXECUTE, {
      issues: [{ path: 'status', message: RUN_STATE_NEEDS_EXECUTE }],
    }),
  }
}

/** The scheduled jobs of an existing task, replaced whole (the task's PUT leaves them as they are). */
route(tasks, 'put', '/:env/tasks/:id/jobs', async (c) => {
  const id = c.req.param('id')
  const user = userOf(c)
  const body = await jsonBody(c.req.raw)
  return idempotent(c, user, body, async () => viewResult(await replaceJobs(), taskView))
  async function replaceJobs() {
    const input = parseBody(jobsSchema, body)
    if (!input.ok) return input
    const written = await updateEntity(c, store(c), id, 'Task', user.id, async (current, at) => ({
      fields: { ...current, jobs: input.data.jobs, ...definitionChange(current, at, false) },
    }))
    if (!('entity' in written)) return written
    const task = written.entity
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: 'TASK_UPDATED',
      message: `Task ${String(task.name)} scheduled jobs updated`,
      targetType: 'task',
      targetEntityId: id,
      taskId: id,
      category: 'tasks',
      actionMethod: 'PUT',
    })
    return { status: 200, body: ok(task) }
  }
})

crud(tasks, {
  kind: 'task',
  label: 'Task',
  permission: 'tasks',
  readPath: '/:env/tasks',
  writePath: '/:env/tasks',
  readable: (c) => readableTasks(readerOf(c)),
  createSchema: taskInputSchema,
  putSchema: taskUpdateSchema,
  updateSchema: taskUpdateSchema.partial(),
  updateMethods: ['put'],
  children: ['task-run'],
  runState: TASK_RUN_STATE,
  present: async (c, items) => {
    const due = await nextDue(c.get('platform').db, c.get('env'), items)
    return items.map((t) => {
      const at = due.get(t.id)
      return at === undefined ? t : { ...t, nextRunAt: new Date(at).toISOString() }
    })
  },
  refuse: (body) =>
    typeof body === 'object' && body !== null && 'jobs' in body
      ? 'The update must not contain jobs'
      : undefined,
  // Notifications go only where the platform may call (outbound.ts), told at save time per field.
  authorize: async (c, _user, fields, current) => {
    const runState = await runStateRefusal(c, fields, current)
    if (runState) return runState
    const settings = Array.isArray(fields.notifications) ? (fields.notifications as { url?: unknown }[]) : []
    const issues = settings.flatMap((n, i) => {
      const problem =
        typeof n.url === 'string' && n.url ? urlProblem(n.url, c.get('platform').notifyAllow) : undefined
      return problem ? [{ path: `notifications.${i}.url`, message: problem }] : []
    })
    if (issues.length === 0) return undefined
    return { status: 400, body: failure(issues.map((i) => `${i.path}: ${i.message}`).join('; '), { issues }) }
  },
  // PUT replaces everything but the jobs, which stay as they are, and the secrets not sent. A status
  // of running or stopped starts or stops the schedule; error or warning (how a run ended) leaves it.
  enrich: (_c, fields, current) => {
    // Only a status the write changes (or a create's) starts or stops it: an edit of a task stored
    // before `scheduled` existed leaves it absent (running means scheduled there), not set.
    const setsStatus = !current || fields.status !== current.status
    const scheduled = !setsStatus
      ? current?.scheduled
      : fields.status === 'running'
        ? true
        : fields.status === 'stopped'
          ? false
          : current?.scheduled
    const kept = withSecrets(current ? { ...fields, jobs: current.jobs ?? [] } : fields)
    // A status that starts or stops the schedule begins the count of failed runs afresh, as start and stop do.
    const restarts = setsStatus && (fields.status === 'running' || fields.status === 'stopped')
    const counted = restarts ? withoutFailureCount(kept) : kept
    return typeof scheduled === 'boolean' ? { ...counted, scheduled } : counted
  },
  view: taskView,
})
