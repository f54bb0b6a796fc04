import { useEffect, useState } from 'react'
import { FormattedDate, FormattedMessage } from 'react-intl'
import type { Task } from '../../contract/task'
import { isLate, isScheduled } from '../../contract/task-values'

/** Now, again every 30 seconds while `watch`: a slot comes due while the screen stays open. */
function useNow(watch: boolean) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!watch) return
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [watch])
  return now
}

/**
 * Whether the task is scheduled, apart from how its last run ended (the status badge): "Late" with
 * when the overdue slot was due, "Scheduled" while its status is an error or a warning (a run's
 * outcome never ends a schedule), "Not scheduled" for a stopped task whose last run failed.
 */
export function TaskScheduleState({ task }: { task: Partial<Task> }) {
  const scheduled = isScheduled(task)
  const now = useNow(scheduled && Boolean(task.nextRunAt))
  if (scheduled && task.nextRunAt && isLate(task, now))
    return (
      <span
        data-testid="task-late"
        className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300"
      >
        <span aria-hidden="true">⏰</span>
        <FormattedMessage
          id="task.late"
          defaultMessage="Late: due {due}"
          values={{ due: <FormattedDate value={task.nextRunAt} dateStyle="short" timeStyle="short" /> }}
        />
      </span>
    )
  if (scheduled && task.status !== 'running')
    return (
      <span className="text-xs text-gray-700">
        <FormattedMessage id="task.stillScheduled" defaultMessage="Scheduled" />
      </span>
    )
  if (!scheduled && (task.status === 'error' || task.status === 'warning'))
    return (
      <span className="text-xs text-gray-700">
        <FormattedMessage id="task.notScheduled" defaultMessage="Not scheduled" />
      </span>
    )
  return null
}
