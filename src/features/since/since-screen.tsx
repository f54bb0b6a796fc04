import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl'
import type { PlatformEvent } from '../../api/events'
import { queueTaskRun, taskRunPath, tasks } from '../../api/tasks'
import { usePermittedAction } from '../../auth/permitted'
import { currentScope } from '../../core/scope'
import { useSession } from '../../core/session'
import { useOutbox } from '../../outbox/use-outbox'
import { updateAppBadge } from '../../pwa/app-badge'
import { Button } from '../../ui/button'
import { FetchedAt } from '../../ui/fetched-at'
import { PageHeader } from '../../ui/page-header'
import { QueryState } from '../../ui/query-state'
import {
  kindOf,
  lastLookedOrStart,
  markLooked,
  type SinceKind,
  sinceEvents,
  sinceFilters,
  sinceQuery,
} from './since-looked'

const card = 'rounded-lg bg-white p-4 shadow-sm'

/**
 * The failed and late runs since the user last looked, with their reasons, and the changes waiting to
 * be sent. What it shows counts as looked at: the home screen's count starts again after it.
 */
export function SinceScreen() {
  const intl = useIntl()
  const client = useQueryClient()
  const session = useSession()
  const userId = session?.user.id
  const { env } = currentScope()
  // The list keeps what it opened with; the mark it sets is for the next count.
  const [opened] = useState(() => {
    const lastLooked = userId ? lastLookedOrStart(env, userId) : undefined
    return { lastLooked, filters: sinceFilters(lastLooked, Date.now()) }
  })
  const query = useInfiniteQuery(sinceQuery(opened.filters))
  const events = sinceEvents(query.data)
  const newest = events[0]?.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: marked again when a newer event is shown
  useEffect(() => {
    if (!userId || query.data === undefined) return
    markLooked(client, { env, userId }, opened.filters, events)
    void updateAppBadge({ failuresSeen: true })
  }, [newest, query.data === undefined, userId])
  const entries = useOutbox().filter((e) => e.userId === userId)
  const queuedRuns = new Set(entries.filter((e) => e.method === 'POST').map((e) => e.path))
  return (
    <div className="space-y-4">
      <PageHeader
        title={<FormattedMessage id="since.title" defaultMessage="Since you last looked" />}
        status={
          <FetchedAt
            updatedAt={query.dataUpdatedAt}
            fetching={query.isFetching}
            failed={query.isError}
            onRetry={() => void query.refetch()}
          />
        }
      />
      <p className="text-sm text-gray-700">
        {opened.lastLooked ? (
          <FormattedMessage
            id="since.from"
            defaultMessage="Runs since you last looked, at {at}."
            values={{
              at: <FormattedDate value={opened.lastLooked} dateStyle="medium" timeStyle="short" />,
            }}
          />
        ) : (
          <FormattedMessage id="since.fromNever" defaultMessage="Runs of the last seven days." />
        )}
      </p>
      <section aria-labelledby="since-runs" className={card}>
        <h2 id="since-runs" className="mb-3 text-lg font-semibold text-gray-900">
          <FormattedMessage
            id="since.runs"
            defaultMessage="Failed and late runs ({count})"
            values={{ count: <FormattedNumber value={query.data?.pages[0]?.totalCount ?? events.length} /> }}
          />
        </h2>
        <QueryState
          query={query}
          empty={events.length === 0}
          emptyText={
            <FormattedMessage id="since.none" defaultMessage="No failed or late runs. All is well." />
          }
        />
        {events.length > 0 && (
          <ul className="divide-y divide-gray-200" data-testid="since-list">
            {events.map((event) => (
              <RunItem key={event.id} event={event} queuedRuns={queuedRuns} />
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <Button
            variant="secondary"
            className="mt-3"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            <FormattedMessage id="since.more" defaultMessage="Show more" />
          </Button>
        )}
      </section>
      <section aria-labelledby="since-waiting" className={card}>
        <h2 id="since-waiting" className="mb-3 text-lg font-semibold text-gray-900">
          <FormattedMessage
            id="since.waitingTitle"
            defaultMessage="Waiting to be sent ({count})"
            values={{ count: <FormattedNumber value={entries.length} /> }}
          />
        </h2>
        {entries.length === 0 ? (
          <p className="mb-3 text-gray-700">
            <FormattedMessage
              id="outbox.empty"
              defaultMessage="Nothing waits to be sent. Every change has reached the platform."
            />
          </p>
        ) : (
          <ul className="mb-3 list-disc space-y-1 pl-5 text-gray-900" data-testid="since-waiting-list">
            {entries.map((entry) => (
              <li key={entry.id}>
                {entry.label}
                {entry.lastError && <span className="block text-sm text-gray-700">{entry.lastError}</span>}
              </li>
            ))}
          </ul>
        )}
        <Link to="/outbox" className="text-sm text-primary-800 underline">
          {intl.formatMessage({ id: 'home.syncCentre', defaultMessage: 'Open the sync centre' })}
        </Link>
      </section>
    </div>
  )
}

const kindTones: Record<SinceKind, string> = {
  failed: 'bg-red-100 text-red-900',
  late: 'bg-amber-100 text-amber-900',
}

/**
 * The task's name: from a cached list or detail where there is one, else its detail is read (the
 * runs listed name at most a page of tasks, and a deleted one is just "Task").
 */
function useTaskName(id: string | undefined): string | undefined {
  const query = useQuery({ ...tasks.detailQuery(id ?? ''), enabled: id !== undefined, retry: false })
  return id === undefined ? undefined : query.data?.name
}

function RunItem({ event, queuedRuns }: { event: PlatformEvent; queuedRuns: Set<string> }) {
  const kind = kindOf(event)
  const taskId = event.taskId ?? (event.targetType === 'task' ? event.targetEntityId : undefined)
  const name = useTaskName(taskId)
  return (
    <li className="py-3" data-testid="since-item">
      {/* A phone: kind and time on one line, the task under them; wider: all three on one line. */}
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${kindTones[kind]}`}>
          {kind === 'late' ? (
            <FormattedMessage id="since.kind.late" defaultMessage="Late" />
          ) : (
            <FormattedMessage id="since.kind.failed" defaultMessage="Failed" />
          )}
        </span>
        <h3 className="order-last min-w-0 basis-full font-medium break-words text-gray-900 sm:order-none sm:flex-1 sm:basis-auto">
          {taskId ? (
            <Link to="/tasks/$id" params={{ id: taskId }} className="text-primary-800 underline">
              {name ?? <FormattedMessage id="since.task" defaultMessage="Task" />}
            </Link>
          ) : (
            <FormattedMessage id="since.task" defaultMessage="Task" />
          )}
        </h3>
        <span className="ml-auto text-sm text-gray-700 sm:ml-0">
          <FormattedDate value={event.timestamp} dateStyle="short" timeStyle="short" />
        </span>
      </div>
      <p className="mt-1 text-sm break-words text-gray-800" data-testid="since-reason">
        <span className="sr-only">
          <FormattedMessage id="since.reason" defaultMessage="Reason:" />{' '}
        </span>
        {event.message}
      </p>
      {taskId && <RunAgain taskId={taskId} name={name} waiting={queuedRuns.has(taskRunPath(taskId))} />}
    </li>
  )
}

/**
 * Runs the task again through the outbox: offline it waits there and is sent once, under its own
 * Idempotency-Key, when the platform answers. While one waits for the task, no second is queued.
 */
function RunAgain({ taskId, name, waiting }: { taskId: string; name?: string; waiting: boolean }) {
  const intl = useIntl()
  const [state, setState] = useState<'idle' | 'busy' | 'queued'>('idle')
  const execute = usePermittedAction({ type: 'tasks', actions: 'execute', entityIds: taskId })
  if (waiting)
    return (
      <p className="mt-2 text-sm font-medium text-primary-900" data-testid="since-run-waiting">
        <FormattedMessage id="since.runWaiting" defaultMessage="Run again: waiting to be sent" />
      </p>
    )
  // Queued here and no longer waiting: it was sent (its result comes in as a run of its own).
  if (state === 'queued')
    return (
      <p className="mt-2 text-sm font-medium text-green-900" data-testid="since-run-sent">
        <FormattedMessage id="since.runSent" defaultMessage="Run again: sent" />
      </p>
    )
  return (
    <Button
      variant="secondary"
      className="mt-2"
      disabled={state !== 'idle' || execute.disabled}
      title={execute.reason}
      onClick={async () => {
        setState('busy')
        try {
          await queueTaskRun(
            { id: taskId },
            intl.formatMessage(
              { id: 'since.runLabel', defaultMessage: 'Run again: {name}' },
              { name: name ?? taskId },
            ),
          )
          setState('queued')
        } catch {
          setState('idle')
        }
      }}
    >
      <FormattedMessage id="since.runAgain" defaultMessage="Run again" />
      {name && <span className="sr-only"> {name}</span>}
    </Button>
  )
}
