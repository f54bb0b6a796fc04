import { createHash, randomUUID } from 'node:crypto'
import { CronExpressionParser } from 'cron-parser'
import { isScheduled, type MissedRuns, SCHEDULE_LATE_MS } from '../src/contract/task'
import { ianaZone } from '../src/contract/time-zones'
import type { Env, Platform } from './context'
import type { Db } from './db'
import { writeEvent } from './events'
import { countFailedSlot } from './failure-stop'
import { purgeChanges } from './live'
import type { Entity } from './store'
import { runTask } from './task-run'

const ENVS: Env[] = ['sandbox', 'production']
/** How often each process looks for due slots. */
export const TICK_MS = 15_000
/** How long a claimed run is its process's: renewed on every tick, taken over by another once run out. */
export const LEASE_MS = 60_000
/** A slot this much overdue is missed (the task's missed-run policy decides) and shows as late. */
export const LATE_MS = SCHEDULE_LATE_MS
/** At most this many missed slots of one schedule are run under the "all" policy; older are skipped. */
const MAX_CATCH_UP = 1000
/** Finished slots are kept this long (what ran when), then purged, at most once an hour per process. */
const KEEP_SLOTS_MS = 7 * 86_400_000
/** How many times a slot is started at most: once, and once again after its process died mid-run. */
const MAX_ATTEMPTS = 2

interface Job {
  schedule?: string
  timeZone?: string
}
/** Runs one claimed slot; `runId` is the slot's own, so a run taken over is recognised as done. */
type Runner = (platform: Platform, env: Env, task: Entity, runId: string) => Promise<unknown>

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

/** When the cron schedule last fired before `from`. */
function previousCronRun(job: Job, from: number): number | undefined {
  try {
    const expression = CronExpressionParser.parse(job.schedule ?? '', {
      currentDate: new Date(from),
      tz: ianaZone(job.timeZone),
    })
    return expression.prev().getTime()
  } catch {
    return undefined
  }
}

/** One schedule of a task (its interval, or one cron job): its name and its next slot after a time. */
interface Source {
  name: string
  /** The first slot when the schedule is first seen at `now`. */
  first(now: number): number | undefined
  /** The first slot after `at` (a slot). */
  after(at: number): number | undefined
  /** The first slot later than `now`, from slot `at` (skipping forward without listing each). */
  beyond(at: number, now: number): number | undefined
  /** The slot before slot `at`. */
  before(at: number): number | undefined
}

/**
 * A task's schedules. A changed interval or cron job is a new source (its name is its definition), so
 * it starts afresh; the old one is forgotten.
 */
export function sourcesOf(task: Entity): Source[] {
  const sources: Source[] = []
  const interval = typeof task.interval === 'number' ? task.interval : 0
  if (interval > 0)
    sources.push({
      name: `interval:${interval}`,
      first: (now) => now + interval,
      after: (at) => at + interval,
      beyond: (at, now) => (at > now ? at : at + (Math.floor((now - at) / interval) + 1) * interval),
      before: (at) => at - interval,
    })
  for (const job of (task.jobs as Job[] | undefined) ?? []) {
    if (!job.schedule) continue
    const name = `cron:${job.timeZone ?? ''}:${job.schedule}`
    if (sources.some((s) => s.name === name)) continue
    sources.push({
      name,
      first: (now) => nextCronRun(job, now),
      after: (at) => nextCronRun(job, at),
      beyond: (at, now) => (at > now ? at : nextCronRun(job, now)),
      before: (at) => previousCronRun(job, at),
    })
  }
  return sources
}

/** The slots due now and what to run of them by the task's policy. */
export function planSlots(due: number[], now: number, policy: MissedRuns) {
  const onTime = due.filter((at) => now - at <= LATE_MS)
  const missed = due.filter((at) => now - at > LATE_MS)
  const last = missed[missed.length - 1]
  const run =
    policy === 'all' ? due : policy === 'skip' || onTime.length || last === undefined ? onTime : [last]
  return { run, skipped: due.filter((at) => !run.includes(at)) }
}

/** A slot's run id: the same in every process, so its run record says whether it ran. */
export function slotRunId(env: string, taskId: string, source: string, at: number): string {
  const h = createHash('sha256').update(`${env}\n${taskId}\n${source}\n${at}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

const lockKey = (env: string, taskId: string) => `schedule:${env}:${taskId}`

interface Claimed {
  env: Env
  task: Entity
  source: string
  at: number
  runId: string
}

/**
 * Runs the scheduled tasks (status running, or error or warning after their last run): each cron job
 * when its time comes (in its time zone) and every `interval` milliseconds, at most
 * `concurrentExecutions` runs at once (0: unlimited), across every process on the database.
 *
 * Each slot is claimed in the database: a task's schedules are advanced under an advisory lock of the
 * task, and each slot is a row whose primary key is (task, schedule, time), so a slot is claimed
 * once whichever process sees it first. A running slot holds a lease its process renews each tick; a
 * process that dies leaves it to run out, and another process takes it over: done if its run record
 * exists, else run once more. Slots missed while no process ran are handled by the task's
 * `missedRuns` (skip, once, all). Time is the platform's clock, so tests move it and call `tick()`.
 */
export function createScheduler(
  platform: Platform,
  options: { run?: Runner; owner?: string; leaseMs?: number } = {},
) {
  const leaseMs = options.leaseMs ?? LEASE_MS
  const run: Runner =
    options.run ?? ((p, env, task, runId) => runTask(p, env, task, undefined, 'schedule', runId))
  const owner = options.owner ?? randomUUID()
  const db = platform.db
  const inFlight = new Set<Promise<unknown>>()
  let timer: ReturnType<typeof setInterval> | undefined
  let ticking: Promise<void> | undefined
  let stopped = false
  let purgedAt = Number.NEGATIVE_INFINITY

  async function scheduledTasks(env: Env): Promise<Entity[]> {
    const rows = await db.query<{ data: Entity }>(
      `SELECT data FROM entities WHERE env = $1 AND kind = 'task'
       AND (data->>'scheduled' = 'true' OR (data->>'scheduled' IS NULL AND status = 'running'))`,
      [env],
    )
    return rows.map((r) => r.data)
  }

  /** Claims what is due of one schedule of a task, in one transaction under the task's lock. */
  async function claim(env: Env, task: Entity, source: Source, now: number) {
    return db.transaction(async (tx: Db) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockKey(env, task.id)])
      const [cursor] = await tx.query<{ next_at: string | number }>(
        'SELECT next_at FROM schedule_cursors WHERE env = $1 AND task_id = $2 AND source = $3',
        [env, task.id, source.name],
      )
      if (!cursor) {
        const first = source.first(now)
        if (first !== undefined)
          await tx.query(
            'INSERT INTO schedule_cursors (env, task_id, source, next_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
            [env, task.id, source.name, first],
          )
        return { started: [] as Claimed[], busy: 0, missed: false }
      }
      const from = Number(cursor.next_at)
      if (from > now) return { started: [] as Claimed[], busy: 0, missed: false }
      const policy = (task.missedRuns as MissedRuns | undefined) ?? 'once'
      // Under "all" every due slot is listed (up to MAX_CATCH_UP); otherwise only the slots on time
      // and the last one missed, found without walking a long downtime slot by slot.
      const due: number[] = []
      let next: number | undefined = from
      if (policy !== 'all' && from < now - LATE_MS) {
        const onTime = source.beyond(from, now - LATE_MS)
        const lastMissed = onTime === undefined ? undefined : source.before(onTime)
        if (lastMissed !== undefined && lastMissed >= from) due.push(lastMissed)
        next = onTime
      }
      while (next !== undefined && next <= now && due.length < MAX_CATCH_UP) {
        due.push(next)
        next = source.after(next)
      }
      // More missed than are ever caught up: the rest are skipped.
      if (next !== undefined && next <= now) next = source.beyond(next, now)
      await tx.query(
        'UPDATE schedule_cursors SET next_at = $4 WHERE env = $1 AND task_id = $2 AND source = $3',
        [env, task.id, source.name, next ?? Number.MAX_SAFE_INTEGER],
      )
      const plan = planSlots(due, now, policy)
      const limit = typeof task.concurrentExecutions === 'number' ? task.concurrentExecutions : 0
      let active = 0
      if (limit > 0 && plan.run.length > 0)
        [{ n: active } = { n: 0 }] = await tx.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM schedule_slots WHERE env = $1 AND task_id = $2 AND state = 'running'",
          [env, task.id],
        )
      const started: Claimed[] = []
      let busy = 0
      for (const at of plan.run) {
        const runId = slotRunId(env, task.id, source.name, at)
        let state = 'running'
        if (limit > 0 && active >= limit) {
          state = 'busy'
          busy += 1
        }
        const rows = await tx.query(
          `INSERT INTO schedule_slots (env, task_id, source, slot_at, state, owner, lease_until, run_id, claimed_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING slot_at`,
          [
            env,
            task.id,
            source.name,
            at,
            state,
            state === 'running' ? owner : null,
            state === 'running' ? now + leaseMs : null,
            runId,
            now,
          ],
        )
        if (rows.length === 1 && state === 'running') {
          active += 1
          started.push({ env, task, source: source.name, at, runId })
        }
      }
      return { started, busy, missed: plan.skipped.length > 0 || (due.length > 0 && due[0] !== from) }
    })
  }

  async function finish(slot: Claimed, state: 'done' | 'failed' | 'interrupted') {
    await db.query(
      `UPDATE schedule_slots SET state = $5, finished_at = $6, lease_until = NULL
       WHERE env = $1 AND task_id = $2 AND source = $3 AND slot_at = $4 AND owner = $7 AND state = 'running'`,
      [slot.env, slot.task.id, slot.source, slot.at, state, platform.now(), owner],
    )
  }

  function launch(slot: Claimed) {
    const { env, task } = slot
    const promise = run(platform, env, task, slot.runId)
      .then(() => finish(slot, 'done'))
      .catch(async (error: unknown) => {
        await finish(slot, 'failed').catch(() => {})
        await writeEvent(platform, env, undefined, {
          type: 'TASK_RUN_FAILED',
          status: 'error',
          message: `Scheduled run failed: ${error instanceof Error ? error.message : String(error)}`,
          targetType: 'task',
          targetEntityId: task.id,
          taskId: task.id,
          category: 'tasks',
        }).catch(() => {})
        // A run that recorded itself has counted itself; one that did not is a failed run all the same.
        if (!(await recorded(env, slot.runId).catch(() => true)))
          await countFailedSlot(platform, env, task.id).catch(() => {})
      })
      .finally(() => {
        inFlight.delete(promise)
      })
    inFlight.add(promise)
  }

  /** Whether a slot's run recorded itself. */
  async function recorded(env: Env, runId: string) {
    const rows = await db.query("SELECT 1 FROM entities WHERE env = $1 AND kind = 'task-run' AND id = $2", [
      env,
      runId,
    ])
    return rows.length > 0
  }

  /** Runs whose process stopped renewing their lease: done if their run was recorded, else run again once. */
  async function takeOver(now: number) {
    const expired = await db.query<{
      env: Env
      task_id: string
      source: string
      slot_at: string | number
      run_id: string
      attempts: number
    }>(
      `UPDATE schedule_slots SET owner = $1, lease_until = $2, attempts = attempts + 1
       WHERE (env, task_id, source, slot_at) IN (
         SELECT env, task_id, source, slot_at FROM schedule_slots
         WHERE state = 'running' AND lease_until < $3 ORDER BY lease_until LIMIT 100
       ) AND state = 'running' AND lease_until < $3
       RETURNING env, task_id, source, slot_at, run_id, attempts`,
      [owner, now + leaseMs, now],
    )
    for (const row of expired) {
      const [taskRow] = await db.query<{ data: Entity }>(
        "SELECT data FROM entities WHERE env = $1 AND kind = 'task' AND id = $2",
        [row.env, row.task_id],
      )
      const slot: Claimed = {
        env: row.env,
        task: taskRow?.data ?? ({ id: row.task_id } as Entity),
        source: row.source,
        at: Number(row.slot_at),
        runId: row.run_id,
      }
      if (await recorded(row.env, row.run_id)) await finish(slot, 'done')
      else if (!taskRow || !isScheduled(taskRow.data) || row.attempts > MAX_ATTEMPTS) {
        await finish(slot, 'interrupted')
        await writeEvent(platform, row.env, undefined, {
          type: 'TASK_RUN_INTERRUPTED',
          status: 'warning',
          message: `Scheduled run of ${new Date(slot.at).toISOString()} was interrupted and not run again`,
          targetType: 'task',
          targetEntityId: row.task_id,
          taskId: row.task_id,
          category: 'tasks',
        })
        if (taskRow) await countFailedSlot(platform, row.env, row.task_id)
      } else if (!stopped) launch(slot)
    }
  }

  async function tickOnce() {
    if (stopped) return
    const now = platform.now()
    // This process's runs in progress are still its own.
    await db.query("UPDATE schedule_slots SET lease_until = $2 WHERE owner = $1 AND state = 'running'", [
      owner,
      now + leaseMs,
    ])
    for (const env of ENVS) {
      const tasks = await scheduledTasks(env)
      // Read without a lock first: only a schedule that is due (or new) takes the task's lock.
      const cursors = new Map(
        (
          await db.query<{ task_id: string; source: string; next_at: string | number }>(
            'SELECT task_id, source, next_at FROM schedule_cursors WHERE env = $1 AND task_id = ANY($2)',
            [env, tasks.map((t) => t.id)],
          )
        ).map((r) => [`${r.task_id}\n${r.source}`, Number(r.next_at)]),
      )
      for (const task of tasks) {
        for (const source of sourcesOf(task)) {
          if (stopped) return
          const next = cursors.get(`${task.id}\n${source.name}`)
          if (next !== undefined && next > now) continue
          const { started, busy, missed } = await claim(env, task, source, now)
          for (const slot of started) launch(slot)
          if (missed)
            await writeEvent(platform, env, undefined, {
              type: 'TASK_RUNS_MISSED',
              status: 'warning',
              message: `Task ${String(task.name)}: slots missed while no platform process ran were not run (missed runs: ${String(task.missedRuns ?? 'once')})`,
              targetType: 'task',
              targetEntityId: task.id,
              taskId: task.id,
              category: 'tasks',
            })
          if (busy)
            await writeEvent(platform, env, undefined, {
              type: 'TASK_RUN_SKIPPED',
              status: 'warning',
              message: `Task ${String(task.name)} skipped: ${task.concurrentExecutions} concurrent executions already running`,
              targetType: 'task',
              targetEntityId: task.id,
              taskId: task.id,
              category: 'tasks',
            })
        }
      }
    }
    await takeOver(now)
    if (now - purgedAt >= 3_600_000) {
      purgedAt = now
      await db.query("DELETE FROM schedule_slots WHERE state <> 'running' AND claimed_at < $1", [
        now - KEEP_SLOTS_MS,
      ])
      // The live stream's change log is kept a day (or the newest 100 000): purged along.
      await purgeChanges(db)
    }
  }

  return {
    owner,
    /** One pass over the scheduled tasks at the platform's current time. */
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

/**
 * When each scheduled task's next slot is due (the earliest of its schedules), for the task list and
 * page: a slot due more than LATE_MS ago shows the task as late.
 */
export async function nextDue(db: Db, env: string, tasks: Entity[]): Promise<Map<string, number>> {
  const scheduled = tasks.filter((t) => isScheduled(t))
  const due = new Map<string, number>()
  if (scheduled.length === 0) return due
  const rows = await db.query<{ task_id: string; source: string; next_at: string | number }>(
    'SELECT task_id, source, next_at FROM schedule_cursors WHERE env = $1 AND task_id = ANY($2)',
    [env, scheduled.map((t) => t.id)],
  )
  for (const task of scheduled) {
    const names = new Set(sourcesOf(task).map((s) => s.name))
    for (const row of rows) {
      if (row.task_id !== task.id || !names.has(row.source)) continue
      const at = Number(row.next_at)
      if (at < Number.MAX_SAFE_INTEGER && at < (due.get(task.id) ?? Number.POSITIVE_INFINITY))
        due.set(task.id, at)
    }
  }
  return due
}
