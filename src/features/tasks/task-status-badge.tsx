import { FormattedMessage } from 'react-intl'
import type { TaskStatus } from '../../api/tasks'

const STYLES: Record<TaskStatus, { className: string; symbol: string }> = {
  stopped: { className: 'bg-gray-100 text-gray-800 ring-gray-300', symbol: '■' },
  running: { className: 'bg-green-100 text-green-900 ring-green-300', symbol: '▶' },
  error: { className: 'bg-red-100 text-red-900 ring-red-300', symbol: '✕' },
  warning: { className: 'bg-amber-100 text-amber-900 ring-amber-300', symbol: '!' },
}

/** The status as a coloured badge that always names it: colour is never the only cue. */
export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const style = STYLES[status] ?? STYLES.stopped
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${style.className}`}
    >
      <span aria-hidden="true">{style.symbol}</span>
      <TaskStatusLabel status={status} />
    </span>
  )
}

export function TaskStatusLabel({ status }: { status: string }) {
  switch (status) {
    case 'running':
      return <FormattedMessage id="task.status.running" defaultMessage="Running" />
    case 'error':
      return <FormattedMessage id="task.status.error" defaultMessage="Error" />
    case 'warning':
      return <FormattedMessage id="task.status.warning" defaultMessage="Warning" />
    case 'success':
      return <FormattedMessage id="task.outcome.success" defaultMessage="Success" />
    default:
      return <FormattedMessage id="task.status.stopped" defaultMessage="Stopped" />
  }
}

/** A run's outcome (success, error, warning), labelled like the status. */
export function RunOutcomeBadge({ outcome }: { outcome: string }) {
  const style =
    outcome === 'success'
      ? { className: 'bg-green-100 text-green-900 ring-green-300', symbol: '✓' }
      : (STYLES[outcome as TaskStatus] ?? STYLES.stopped)
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${style.className}`}
    >
      <span aria-hidden="true">{style.symbol}</span>
      <TaskStatusLabel status={outcome} />
    </span>
  )
}
