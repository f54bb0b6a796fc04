import { useQuery } from '@tanstack/react-query'
import { FormattedMessage } from 'react-intl'
import { actionSchemasQuery, fromLists, TASKS, type Task, taskQuery } from '../../api/tasks'
import { PermittedScreen } from '../../auth/permitted'
import { ApiError } from '../../core/http'
import { newer } from '../../core/keys'
import { applyPendingTo, isLocalId } from '../../outbox/outbox'
import { useOverlay, useResolvedId } from '../../outbox/use-outbox'
import { Alert } from '../../ui/alert'
import { ErrorNotice } from '../../ui/error-notice'
import { FetchedAt } from '../../ui/fetched-at'
import { refusedOf } from '../../ui/form/platform-answer'
import { PageHeader } from '../../ui/page-header'
import { PendingBadge } from '../../ui/pending-badge'
import { TaskForm } from './task-form'
import { TaskRunHistory } from './task-run-history'

const loading = (
  <p aria-busy="true" className="text-gray-600">
    <FormattedMessage id="common.loading" defaultMessage="Loading…" />
  </p>
)

/** `/tasks/create` and `/tasks/{id}/edit`: without an id the form creates. */
/** The task form, for users who may create (or, with an id, change) tasks. */
export function TaskEditScreen({ id }: { id?: string }) {
  return (
    <PermittedScreen check={{ type: 'tasks', actions: id ? 'update' : 'create', entityIds: id }}>
      <TaskEditForm id={id} />
    </PermittedScreen>
  )
}

function TaskEditForm({ id: routeId }: { id?: string }) {
  const id = useResolvedId(TASKS, routeId)
  const local = id !== undefined && isLocalId(id)
  const query = useQuery({ ...taskQuery(id ?? ''), enabled: id !== undefined && !local })
  const schemas = useQuery(actionSchemasQuery())
  const row = id ? fromLists(id) : undefined
  const { pending, sent } = useOverlay(TASKS, Math.max(query.dataUpdatedAt, row?.updatedAt ?? 0))
  const current = id
    ? applyPendingTo<Task>(newer(query.data, row?.data), id, pending, TASKS, sent)
    : undefined
  // Offline without the schemas cached, the form still opens: option values are kept as they are.
  const schemasReady = schemas.isSuccess || schemas.isError
  const refused = refusedOf(pending, id)

  if (!id)
    return (
      <div>
        <PageHeader title={<FormattedMessage id="page.taskCreate" defaultMessage="New task" />} />
        {schemasReady ? <TaskForm schemas={schemas.data ?? []} /> : loading}
      </div>
    )
  return (
    <div>
      <PageHeader
        title={
          <>
            <FormattedMessage id="page.taskEdit" defaultMessage="Edit task" />
            <PendingBadge status={current?.pendingStatus} />
          </>
        }
      />
      {!local && (
        <div className="mb-2">
          <FetchedAt
            updatedAt={query.dataUpdatedAt}
            fetching={query.isFetching}
            failed={query.isError}
            onRetry={() => void query.refetch()}
          />
        </div>
      )}
      {current && schemasReady ? (
        <TaskForm
          key={`${current.id}|${refused?.id ?? ''}`}
          current={current}
          refused={refused}
          schemas={schemas.data ?? []}
          history={local ? undefined : <TaskRunHistory taskId={current.id} />}
        />
      ) : query.error instanceof ApiError && query.error.status === 403 ? (
        <Alert>
          <FormattedMessage id="error.accessDenied" defaultMessage="Access denied." />
        </Alert>
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        loading
      )}
    </div>
  )
}
