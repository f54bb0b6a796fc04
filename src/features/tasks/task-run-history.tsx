import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl'
import { type TaskRun, taskRunsQuery } from '../../api/tasks'
import { type Column, DataTable } from '../../ui/data-table'
import { QueryFetchedAt } from '../../ui/fetched-at'
import { RunOutcomeBadge } from './task-status-badge'
import { RUN_SIZES, type RunsSearch } from './tasks-search'

/** A task's runs, newest first, paged: start, end, duration, outcome and the result detail. */
export function TaskRunHistory({ taskId }: { taskId: string }) {
  const intl = useIntl()
  const search: RunsSearch = useSearch({ strict: false })
  const navigate = useNavigate()
  const paging = { page: search.runsPage ?? 1, limit: search.runsLimit ?? 10 }
  const query = useQuery(taskRunsQuery(taskId, paging))
  return (
    <section aria-labelledby="task-history-title">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="task-history-title" className="text-lg font-semibold text-gray-900">
          <FormattedMessage id="task.history" defaultMessage="Run history" />
        </h2>
        <QueryFetchedAt query={query} />
      </div>
      {query.data?.notProvided ? (
        <p className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-800" data-testid="runs-not-provided">
          <FormattedMessage
            id="task.historyNotProvided"
            defaultMessage="This platform does not provide a run history. The task's last result is shown with its details."
          />
        </p>
      ) : (
        // Under md each run is a card, its cells named: the result stays on a phone's screen, where
        // five columns would squeeze their words letter by letter or push the result out of sight.
        <DataTable
          caption={intl.formatMessage({ id: 'task.history', defaultMessage: 'Run history' })}
          columns={columns}
          rows={query.data?.items ?? []}
          rowKey={(run) => run.id}
          rowTestId="task-run"
          rowClassName="align-top"
          stack
          dense
          query={query}
          emptyText={<FormattedMessage id="run.none" defaultMessage="No runs yet" />}
          pagination={{
            ...paging,
            totalCount: query.data?.totalCount,
            more: query.data?.more,
            sizes: RUN_SIZES,
            onChange: (next) =>
              void navigate({
                to: '.',
                search: (prev) => ({ ...prev, runsPage: next.page, runsLimit: next.limit ?? prev.runsLimit }),
                replace: true,
              }),
          }}
        />
      )}
    </section>
  )
}

const columns: Column<TaskRun>[] = [
  {
    id: 'started',
    stackLabel: true,
    className: 'md:whitespace-nowrap',
    header: <FormattedMessage id="run.started" defaultMessage="Started" />,
    cell: (run) => <FormattedDate value={run.startedAt} dateStyle="short" timeStyle="medium" />,
  },
  {
    id: 'finished',
    priority: 'sm',
    stackLabel: true,
    className: 'md:whitespace-nowrap',
    header: <FormattedMessage id="run.finished" defaultMessage="Finished" />,
    cell: (run) => <FormattedDate value={run.finishedAt} dateStyle="short" timeStyle="medium" />,
  },
  {
    id: 'duration',
    stackLabel: true,
    stackInline: true,
    className: 'whitespace-nowrap',
    header: <FormattedMessage id="run.duration" defaultMessage="Duration" />,
    cell: (run) => (
      <FormattedNumber value={run.durationMs} style="unit" unit="millisecond" unitDisplay="short" />
    ),
  },
  {
    id: 'outcome',
    stackInline: true,
    className: 'md:whitespace-nowrap',
    header: <FormattedMessage id="run.outcome" defaultMessage="Outcome" />,
    cell: (run) => (
      <>
        <RunOutcomeBadge outcome={run.outcome} />
        {run.trigger === 'schedule' && (
          <span className="ml-2 text-xs text-gray-600 md:ml-0 md:block">
            <FormattedMessage id="run.scheduled" defaultMessage="Scheduled" />
          </span>
        )}
      </>
    ),
  },
  {
    id: 'result',
    header: <FormattedMessage id="run.result" defaultMessage="Result" />,
    cell: (run) => (
      <>
        <p>{run.result}</p>
        {run.steps && run.steps.length > 0 && (
          <details className="mt-1 text-xs text-gray-700">
            <summary className="cursor-pointer">
              <FormattedMessage id="run.steps" defaultMessage="Steps" />
            </summary>
            <ol className="ml-4 list-decimal">
              {run.steps.map((step, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a run's steps never change order
                <li key={`${step.actionId}-${i}`}>
                  {step.name}: <TaskStepOutcome outcome={step.outcome} /> {step.message}
                </li>
              ))}
            </ol>
          </details>
        )}
      </>
    ),
  },
]

function TaskStepOutcome({ outcome }: { outcome: string }) {
  if (outcome === 'skipped') return <FormattedMessage id="run.step.skipped" defaultMessage="skipped" />
  if (outcome === 'error') return <FormattedMessage id="run.step.error" defaultMessage="failed" />
  return <FormattedMessage id="run.step.success" defaultMessage="done" />
}
