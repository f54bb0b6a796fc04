import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl'
import { taskRunsQuery } from '../../api/tasks'
import { FetchedAt } from '../../ui/fetched-at'
import { Pagination } from '../../ui/pagination'
import { QueryState } from '../../ui/query-state'
import { RunOutcomeBadge } from './task-status-badge'

const SIZES = [5, 10, 20, 50]

/** A task's runs, newest first, paged: start, end, duration, outcome and the result detail. */
export function TaskRunHistory({ taskId }: { taskId: string }) {
  const intl = useIntl()
  const [paging, setPaging] = useState({ page: 1, limit: 10 })
  const query = useQuery(taskRunsQuery(taskId, paging))
  const runs = query.data?.items ?? []
  return (
    <section aria-labelledby="task-history-title">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="task-history-title" className="text-lg font-semibold text-gray-900">
          <FormattedMessage id="task.history" defaultMessage="Run history" />
        </h2>
        <FetchedAt
          updatedAt={query.dataUpdatedAt}
          fetching={query.isFetching}
          failed={query.isError}
          onRetry={() => void query.refetch()}
        />
      </div>
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {intl.formatMessage({ id: 'task.history', defaultMessage: 'Run history' })}
          </caption>
          <thead className="border-b bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                <FormattedMessage id="run.started" defaultMessage="Started" />
              </th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                <FormattedMessage id="run.finished" defaultMessage="Finished" />
              </th>
              <th scope="col" className="px-3 py-2">
                <FormattedMessage id="run.duration" defaultMessage="Duration" />
              </th>
              <th scope="col" className="px-3 py-2">
                <FormattedMessage id="run.outcome" defaultMessage="Outcome" />
              </th>
              <th scope="col" className="px-3 py-2">
                <FormattedMessage id="run.result" defaultMessage="Result" />
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.length === 0 && (
              <tr>
                <td colSpan={5} className="px-3 py-2">
                  <QueryState
                    query={query}
                    empty
                    emptyText={<FormattedMessage id="run.none" defaultMessage="No runs yet" />}
                  />
                </td>
              </tr>
            )}
            {runs.map((run) => (
              <tr key={run.id} className="border-b align-top last:border-0" data-testid="task-run">
                <td className="px-3 py-2 whitespace-nowrap">
                  <FormattedDate value={run.startedAt} dateStyle="short" timeStyle="medium" />
                </td>
                <td className="hidden px-3 py-2 whitespace-nowrap sm:table-cell">
                  <FormattedDate value={run.finishedAt} dateStyle="short" timeStyle="medium" />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <FormattedNumber
                    value={run.durationMs}
                    style="unit"
                    unit="millisecond"
                    unitDisplay="short"
                  />
                </td>
                <td className="px-3 py-2">
                  <RunOutcomeBadge outcome={run.outcome} />
                  {run.trigger === 'schedule' && (
                    <div className="text-xs text-gray-600">
                      <FormattedMessage id="run.scheduled" defaultMessage="Scheduled" />
                    </div>
                  )}
                </td>
                <td className="px-3 py-2">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={paging.page}
        limit={paging.limit}
        totalCount={query.data?.totalCount}
        sizes={SIZES}
        onChange={setPaging}
      />
    </section>
  )
}

function TaskStepOutcome({ outcome }: { outcome: string }) {
  if (outcome === 'skipped') return <FormattedMessage id="run.step.skipped" defaultMessage="skipped" />
  if (outcome === 'error') return <FormattedMessage id="run.step.error" defaultMessage="failed" />
  return <FormattedMessage id="run.step.success" defaultMessage="done" />
}
