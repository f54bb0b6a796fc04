import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { FormattedDate, FormattedMessage } from 'react-intl'
import { tasks } from '../../api/tasks'
import { readTime } from '../../contract/reading'
import { isScheduled } from '../../contract/task-values'
import { ApiError } from '../../core/http'
import { Alert } from '../../ui/alert'
import { buttonClass } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import { PendingBadge } from '../../ui/pending-badge'
import { EntityState } from '../../ui/query-state'
import { useEntity } from '../resource/use-entity'
import {
  MISSED_RUN_LABELS,
  missedRunsOf,
  STOP_AFTER_FAILURES_LABEL,
  stopAfterFailuresOf,
} from './missed-runs'
import { TaskCommands } from './task-commands'
import { TaskDelete } from './task-delete'
import { TaskRunHistory } from './task-run-history'
import { TaskScheduleState } from './task-schedule-state'
import { TaskScheduleSummary } from './task-schedule-summary'
import { RunOutcomeBadge, TaskStatusBadge } from './task-status-badge'

/** `/tasks/{id}`: the task, its current result, start/stop/run now and the run history. */
export function TaskScreen({ id }: { id: string }) {
  const { query, local, current: task, pending } = useEntity(tasks, id)
  const queuedRun = pending.find((e) => e.entityId === id && e.command === 'run')?.status

  if (query.error instanceof ApiError && query.error.status === 403)
    return (
      <div>
        <PageHeader title={<FormattedMessage id="page.task" defaultMessage="Task" />} />
        <Alert>
          <FormattedMessage id="error.accessDenied" defaultMessage="Access denied." />
        </Alert>
      </div>
    )
  if (!task)
    return (
      <div>
        <PageHeader title={<FormattedMessage id="page.task" defaultMessage="Task" />} />
        <EntityState query={query} local={local} shown={false} />
      </div>
    )
  return (
    <div className="space-y-6">
      <PageHeader
        title={
          <>
            {task.name} <TaskStatusBadge status={task.status ?? 'stopped'} />{' '}
            <TaskScheduleState task={task} />
            <StoppedByFailures task={task} />
            <PendingBadge status={task.pendingStatus} />
          </>
        }
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Link to="/tasks/$id/edit" params={{ id }} className={buttonClass('secondary')}>
              <FormattedMessage id="common.edit" defaultMessage="Edit" />
            </Link>
            <TaskDelete task={task} />
          </div>
        }
      />
      <EntityState query={query} local={local} shown />
      <TaskCommands task={task} queuedRun={queuedRun} />
      <section aria-labelledby="task-result-title" className="rounded-lg bg-white p-4 shadow-sm">
        <h2 id="task-result-title" className="mb-2 text-lg font-semibold text-gray-900">
          <FormattedMessage id="task.result" defaultMessage="Current result" />
        </h2>
        {task.lastRun ? (
          <p data-testid="task-result">
            <RunOutcomeBadge outcome={task.lastRun.outcome} />{' '}
            <FormattedDate value={readTime(task.lastRun.at)} dateStyle="short" timeStyle="medium" />:{' '}
            {task.lastRun.result}
          </p>
        ) : (
          <p className="text-gray-600">
            <FormattedMessage id="task.neverRun" defaultMessage="Not run yet" />
          </p>
        )}
      </section>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg bg-white p-4 text-sm shadow-sm sm:grid-cols-2">
        <Item label={<FormattedMessage id="task.code" defaultMessage="Code" />}>{task.code}</Item>
        <Item label={<FormattedMessage id="task.productCode" defaultMessage="Product code" />}>
          {task.productCode}
        </Item>
        <Item label={<FormattedMessage id="task.schedule" defaultMessage="Schedule" />}>
          <TaskScheduleSummary task={task} />
        </Item>
        <Item label={<FormattedMessage id="task.nextRunAt" defaultMessage="Next run due" />}>
          {task.nextRunAt && isScheduled(task) && (
            <FormattedDate value={task.nextRunAt} dateStyle="short" timeStyle="medium" />
          )}
        </Item>
        <Item label={<FormattedMessage id="task.missedRuns" defaultMessage="Missed runs" />}>
          <FormattedMessage {...MISSED_RUN_LABELS[missedRunsOf(task)]} />
        </Item>
        <Item label={<FormattedMessage {...STOP_AFTER_FAILURES_LABEL} />}>
          <span data-testid="task-stop-after-failures">
            {stopAfterFailuresOf(task) ?? (
              <FormattedMessage id="task.stopAfterFailures.never" defaultMessage="Never" />
            )}
          </span>
        </Item>
        <Item
          label={<FormattedMessage id="task.concurrentExecutions" defaultMessage="Concurrent executions" />}
        >
          {task.concurrentExecutions ? (
            task.concurrentExecutions
          ) : (
            <FormattedMessage id="task.unlimited" defaultMessage="Unlimited" />
          )}
        </Item>
        <Item label={<FormattedMessage id="task.actionsCount" defaultMessage="Actions" />}>
          {task.actions?.map((a) => a.name || a.actionId).join(', ')}
        </Item>
        <Item label={<FormattedMessage id="task.description" defaultMessage="Description" />}>
          {task.description}
        </Item>
      </dl>
      <TaskRunHistory taskId={id} />
    </div>
  )
}

/** Says that the task's own "stop after N failed runs in a row" ended its schedule, until it is started again. */
function StoppedByFailures({
  task,
}: {
  task: { scheduled?: unknown; status?: unknown; stoppedAfterFailures?: unknown }
}) {
  const count = task.stoppedAfterFailures
  if (typeof count !== 'number' || isScheduled(task)) return null
  return (
    <span data-testid="task-stopped-by-failures" className="text-xs font-normal text-gray-700">
      <FormattedMessage
        id="task.stoppedAfterFailures"
        defaultMessage="{count, plural, one {Stopped after # failed run} other {Stopped after # failed runs in a row}}"
        values={{ count }}
      />
    </span>
  )
}

function Item({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-gray-700">{label}</dt>
      <dd className="text-gray-900">{children || '—'}</dd>
    </div>
  )
}
