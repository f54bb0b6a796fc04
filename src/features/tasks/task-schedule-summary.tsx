import { FormattedMessage } from 'react-intl'
import type { Task } from '../../api/tasks'
import { formatDuration } from './duration'

/** The cron jobs and the interval of a task, compactly. */
export function TaskScheduleSummary({ task }: { task: Pick<Task, 'jobs' | 'interval'> }) {
  const interval = formatDuration(task.interval)
  if (!task.jobs?.length && !interval)
    return (
      <span className="text-gray-600">
        <FormattedMessage id="task.noSchedule" defaultMessage="No schedule" />
      </span>
    )
  return (
    <ul className="space-y-0.5">
      {task.jobs?.map((job, i) => (
        <li key={job.id ?? i}>
          <code className="font-mono">{job.schedule}</code>
          {job.timeZone && <span className="ml-1 text-xs text-gray-600">{job.timeZone}</span>}
        </li>
      ))}
      {interval && (
        <li>
          <FormattedMessage id="task.every" defaultMessage="Every {interval}" values={{ interval }} />
        </li>
      )}
    </ul>
  )
}
