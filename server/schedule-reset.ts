import type { Db } from './db'

/** A task started or stopped begins its schedules afresh: nothing from before is caught up. */
export async function resetSchedule(db: Db, env: string, taskId: string) {
  await db.query('DELETE FROM schedule_cursors WHERE env = $1 AND task_id = $2', [env, taskId])
}
