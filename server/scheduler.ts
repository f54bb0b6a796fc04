import { CronExpressionParser } from 'cron-parser'
import { ianaZone } from '../src/contract/time-zones'
import type { Env, Platform } from './context'
import { writeEvent } from './events'
import type { Entity } from './store'
import { runTask } from './task-run'

const ENVS: Env[] = ['sandbox', 'production']
export const TICK_MS = 15_000

interface Job {
  schedule?: string
  timeZone?: string
}
type Runner = (platform: Platform, env: Env, task: Entity) => Promise<unknown>

/** When the cron schedule next fires after `from`, in the job's time zone; undefined if it cannot. */
export function nextCronRun(job: Job, from: number): number | undefined {
  if (!job.schedule) return undefined
  try {
    const expression = CronExpressionParser.parse(job.schedule, {
      currentDate: new Date(from),
      tz: ianaZone(job.timeZone),
    })
    return expression.next().getTime()
  } catch {
    return undefined
  }
}

/**
 * Runs the tasks whose status is running: each cron job when its time comes (in its time zone)
 * and every `interval` milliseconds, at most `concurrentExecutions` runs at once (0: unlimited).
 * Time is the platform's clock, so tests move it and call `tick()`; `start()` ticks on a timer.
 * A task seen for the first time starts counting from then: nothing missed is run after a restart.
 */
export function createScheduler(platform: Platform, options: { run?: Runner } = {}) {
  const run: Runner = options.run ?? ((p, env, task) => runTask(p, env, task, undefined, 'schedule'))
  /** Per task: when it was last checked (cron) and last started (interval), and runs in progress. */
  const state = new Map<string, { checkedAt: number; startedAt: number; active: number }>()
  const inFlight = new Set<Promise<unknown>>()
  let timer: ReturnType<typeof setInterval> | undefined
  let ticking: Promise<void> | undefined
  let stopped = false

  async function runningTasks(env: Env): Promise<Entity[]> {
    const rows = await platform.db.query<{ data: Entity }>(
      "SELECT data FROM entities WHERE env = $1 AND kind = 'task' AND status = 'running'",
      [env],
    )
    return rows.map((r) => r.data)
  }

  function due(task: Entity, now: number, s: { checkedAt: number; startedAt: number }): boolean {
    const jobs = (task.jobs as Job[] | undefined) ?? []
    const cronDue = jobs.some((job) => {
      const next = nextCronRun(job, s.checkedAt)
      return next !== undefined && next <= now
    })
    const interval = typeof task.interval === 'number' ? task.interval : 0
    return cronDue || (interval > 0 && now - s.startedAt >= interval)
  }

  function launch(env: Env, task: Entity, s: { active: number }) {
    s.active += 1
    const promise = run(platform, env, task)
      .catch((error: unknown) =>
        writeEvent(platform, env, undefined, {
          type: 'TASK_RUN_FAILED',
          status: 'error',
          message: `Scheduled run failed: ${error instanceof Error ? error.message : String(error)}`,
          targetType: 'task',
          targetEntityId: task.id,
          taskId: task.id,
          category: 'tasks',
        }).catch(() => {}),
      )
      .finally(() => {
        s.active -= 1
        inFlight.delete(promise)
      })
    inFlight.add(promise)
  }

  async function tickOnce() {
    const now = platform.now()
    for (const env of ENVS) {
      const seen = new Set<string>()
      for (const task of await runningTasks(env)) {
        if (stopped) return
        const key = `${env}:${task.id}`
        seen.add(key)
        const s = state.get(key) ?? { checkedAt: now, startedAt: now, active: 0 }
        state.set(key, s)
        if (!due(task, now, s)) continue
        s.checkedAt = now
        s.startedAt = now
        const limit = typeof task.concurrentExecutions === 'number' ? task.concurrentExecutions : 0
        if (limit > 0 && s.active >= limit) {
          await writeEvent(platform, env, undefined, {
            type: 'TASK_RUN_SKIPPED',
            status: 'warning',
            message: `Task ${String(task.name)} skipped: ${s.active} of ${limit} concurrent executions already running`,
            targetType: 'task',
            targetEntityId: task.id,
            taskId: task.id,
            category: 'tasks',
          })
          continue
        }
        launch(env, task, s)
      }
      // A stopped task starts afresh when started again; its runs in progress still count down.
      for (const [key, s] of state)
        if (key.startsWith(`${env}:`) && !seen.has(key) && !s.active) state.delete(key)
    }
  }

  return {
    /** One pass over the running tasks at the platform's current time. */
    tick(): Promise<void> {
      ticking ??= tickOnce().finally(() => {
        ticking = undefined
      })
      return ticking
    },
    /** Resolves when the runs started so far have finished (for tests and shutdown). */
    async settle() {
      while (inFlight.size) await Promise.all([...inFlight])
    },
    start(everyMs = TICK_MS) {
      stopped = false
      timer ??= setInterval(() => {
        this.tick().catch((error: unknown) =>
          console.error('Scheduler error:', error instanceof Error ? error.message : error),
        )
      }, everyMs)
      timer.unref?.()
    },
    /** No new runs; waits for a tick and the runs in progress to end. */
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = undefined
      await ticking
      await this.settle()
    },
  }
}

export type Scheduler = ReturnType<typeof createScheduler>
