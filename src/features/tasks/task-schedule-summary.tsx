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
      {task.jobs?.map((job, i) =>
        typeof job?.schedule === 'string' ? (
          <li key={job.id ?? i}>
            <code className="font-mono">{job.schedule}</code>
            {job.timeZone && <span className="ml-1 text-xs text-gray-600">{job.timeZone}</span>}
          </li>
        ) : (
          // A job whose schedule the console cannot read: said as such, its content at hand.
          // biome-ignore lint/suspicious/noArrayIndexKey: an unreadable job may have no id
          <li key={i} data-testid="unreadable-job">
            <details>
              <summary className="cursor-pointer text-amber-900">
                <FormattedMessage
                  id="task.unreadableJob"
                  defaultMessage="A job without a readable schedule"
                />
              </summary>
              <pre className="mt-1 text-xs whitespace-pre-wrap break-all">{JSON.stringify(job, null, 2)}</pre>
            </details>
          </li>
        ),
      )}
      {interval && (
        <li>
          <FormattedMessage id="task.every" defaultMessage="Every {interval}" values={{ interval }} />
        </li>
      )}
    </ul>
  )
}
