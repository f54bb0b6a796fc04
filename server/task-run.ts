import { randomUUID } from 'node:crypto'
import { isScheduled, type TaskNotification, type TaskRun } from '../src/contract/task'
import { type AuthUser, type Env, type Platform, stamp } from './context'
import { writeEvent } from './events'
import { afterScheduledRun, stoppedByFailures } from './failure-stop'
import { postJson } from './outbound'
import { pushToTask } from './push'
import { ACTION_SCHEMAS } from './routes/action-schemas'
import { runStateChange } from './run-state'
import { redactedUrl } from './secrets'
import { type Entity, Store } from './store'

type Step = NonNullable<TaskRun['steps']>[number]
type Outcome = TaskRun['outcome']
type Notification = Partial<TaskNotification>

/** The tail of each key's chain of work in this process (see `oneAtATime`). */
const chains = new Map<string, Promise<unknown>>()

/** Runs `fn` after every earlier `fn` of the same key in this process has ended. */
function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const run = (chains.get(key) ?? Promise.resolve()).then(fn, fn)
  const tail = run.catch(() => undefined)
  chains.set(key, tail)
  void tail.then(() => {
    if (chains.get(key) === tail) chains.delete(key)
  })
  return run
}

/** An external notification must never hold a run up for long. */
export const NOTIFY_TIMEOUT_MS = 3000

/**
 * One run of a task, without a request: the enabled actions in order, each against its action
 * schema; the first failing action ends the run (the rest are skipped). No enabled action is a
 * warning. Records the run, the task's last run and status, an event, and the notifications.
 * `trigger` says who asked: a user's "run now" or the scheduler.
 */
export async function runTask(
  platform: Platform,
  env: Env,
  task: Entity,
  user: AuthUser | undefined,
  trigger: 'manual' | 'schedule' = 'manual',
  /** A scheduled slot's own run id (scheduler.ts), so the run is recorded once whoever runs it. */
  runId?: string,
) {
  const tasks = new Store(platform.db, env, 'task')
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
  const outcome: Outcome = steps.length === 0 ? 'warning' : failed ? 'error' : 'success'
  const result =
    outcome === 'warning'
      ? 'No enabled actions to run'
      : failed
        ? `${failed.name} failed: ${failed.message}`
        : `Ran ${steps.map((s) => s.name).join(', ')}`
  const finished = Math.max(platform.now(), started + 1)
  const run = await new Store(platform.db, env, 'task-run').insert(
    {
      taskId: task.id,
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date(finished).toISOString(),
      durationMs: finished - started,
      outcome,
      result,
      trigger,
      steps,
    },
    user?.id,
    await stamp(platform.db, finished),
    runId,
  )
  // The task may have changed while it ran (an edit, a stop): update what is stored now, read again
  // if another write comes between the read and this one. A run changes the task's run state, never
  // its definition: an edit made before it is no conflict. Runs of one task finishing together in this
  // process take their turn, so they do not fail each other's version check and read again.
  let stops: number | undefined
  const updated = await oneAtATime(`${env}:${task.id}`, async () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const { entity: current, at } = await tasks.getStamped(task.id, platform.now())
      if (!current) break
      // The status tells how the last run ended; whether the task stays scheduled is apart from it
      // (`scheduled`, set by start and stop): a warning or an error never ends a schedule, only the
      // task's own "stop after N failed runs in a row" does (failure-stop.ts).
      const scheduled = isScheduled(current)
      const status = outcome !== 'success' ? outcome : scheduled ? 'running' : 'stopped'
      const next: Entity = { ...current, status, scheduled }
      const counted = trigger === 'schedule' ? afterScheduledRun(next, outcome === 'error') : { fields: next }
      const written = await tasks.replace(
        current,
        {
          ...counted.fields,
          lastRun: { at: run.finishedAt, outcome, result },
          ...runStateChange(current, at),
        },
        user?.id,
        at,
      )
      if (written) {
        stops = counted.stops
        return written
      }
    }
    return task
  })
  await writeEvent(platform, env, user, {
    type: outcome === 'error' ? 'TASK_RUN_FAILED' : 'TASK_RUN_FINISHED',
    status: outcome,
    message: trigger === 'schedule' ? `${result} (scheduled)` : result,
    targetType: 'task',
    targetEntityId: task.id,
    taskId: task.id,
    category: 'tasks',
    actionMethod: 'POST',
  })
  if (stops !== undefined) await stoppedByFailures(platform, env, updated, stops)
  await notify(platform, env, updated, { run, outcome, result, steps })
  return { run, task: updated }
}

function payloadOf(
  level: Notification['detailLevel'],
  task: Entity,
  run: { run: Entity; outcome: Outcome; result: string; steps: Step[] },
) {
  if (level === 'result-only') return { result: run.result }
  const simple = { taskId: task.id, name: task.name, outcome: run.outcome, result: run.result }
  if (level === 'full') return { ...simple, run: run.run, steps: run.steps }
  return simple
}

/**
 * A push message: small (a push service takes about 4 KB, an iOS notification shows a few lines), by
 * the detail level, and never a secret: the task's name, the outcome and the run's result line at
 * most, and the address of the task in the console.
 */
function pushMessage(
  setting: Notification,
  task: Entity,
  run: { run: Entity; outcome: Outcome; result: string },
  notificationId: string,
) {
  const name = String(task.name ?? '').slice(0, 100)
  const result = run.result.slice(0, 300)
  const title =
    setting.detailLevel === 'result-only'
      ? run.outcome === 'error'
        ? 'Task run failed'
        : 'Task run finished'
      : `${name}: ${run.outcome === 'error' ? 'failed' : run.outcome === 'warning' ? 'warning' : 'succeeded'}`
  return {
    title,
    body: result,
    url: `/tasks/${task.id}`,
    tag: `task-${task.id}`,
    taskId: task.id,
    notificationId,
    ...(setting.detailLevel === 'result-only' ? {} : { outcome: run.outcome, taskName: name }),
    ...(setting.detailLevel === 'full' ? { runId: run.run.id, finishedAt: String(run.run.finishedAt) } : {}),
  }
}

/** The task's notification settings: internal ones become events, a url gets a POST. */
async function notify(
  platform: Platform,
  env: Env,
  task: Entity,
  run: { run: Entity; outcome: Outcome; result: string; steps: Step[] },
) {
  const settings = (task.notifications as Notification[] | undefined) ?? []
  const failed = run.outcome !== 'success'
  for (const setting of settings) {
    if (failed ? setting.sendOnError === false : setting.sendOnSuccess !== true) continue
    const payload = payloadOf(setting.detailLevel, task, run)
    const base = { targetType: 'task', targetEntityId: task.id, taskId: task.id, category: 'tasks' }
    if (setting.internal)
      await writeEvent(platform, env, undefined, {
        ...base,
        type: 'TASK_NOTIFICATION',
        status: failed ? 'error' : 'info',
        message: `Task ${String(task.name)}: ${run.result}`,
      })
    if (setting.type === 'push' && !setting.url) {
      // One id per reported run and setting, the same on every device: "Run again" is keyed by it.
      const notificationId = randomUUID()
      const { failed: unsent } = await pushToTask(platform, env, task, () =>
        pushMessage(setting, task, run, notificationId),
      )
      if (unsent > 0)
        await writeEvent(platform, env, undefined, {
          ...base,
          type: 'TASK_NOTIFICATION_FAILED',
          status: 'error',
          message: `Push notification to ${unsent} device(s) failed`,
          actionMethod: 'POST',
        })
      continue
    }
    if (!setting.url) continue
    // Only to allowed addresses (checked again here, after the name resolves), and a failure says
    // nothing of why: neither a refused port nor a status tells what listens where.
    const sent = await postJson(
      setting.url,
      { type: setting.type, ...payload },
      NOTIFY_TIMEOUT_MS,
      platform.notifyAllow,
    )
    if (!sent)
      await writeEvent(platform, env, undefined, {
        ...base,
        type: 'TASK_NOTIFICATION_FAILED',
        status: 'error',
        message: `Notification to ${redactedUrl(setting.url)} failed`,
        actionMethod: 'POST',
      })
  }
}
