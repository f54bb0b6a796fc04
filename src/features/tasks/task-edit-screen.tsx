import { useQuery } from '@tanstack/react-query'
import { FormattedMessage } from 'react-intl'
import { actionSchemasQuery, tasks } from '../../api/tasks'
import { PermittedScreen } from '../../auth/permitted'
import { PageHeader } from '../../ui/page-header'
import { PendingBadge } from '../../ui/pending-badge'
import { EntityState } from '../../ui/query-state'
import { useEntity } from '../resource/use-entity'
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
  const { id, local, query, current, refused } = useEntity(tasks, routeId)
  const schemas = useQuery(actionSchemasQuery())
  // Offline without the schemas cached, the form still opens: option values are kept as they are.
  const schemasReady = schemas.isSuccess || schemas.isError

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
      <EntityState query={query} local={local} shown={current !== undefined && schemasReady} deniedAlert>
        {current && (
          <TaskForm
            key={`${current.id}|${refused?.id ?? ''}`}
            current={current}
            refused={refused}
            schemas={schemas.data ?? []}
            history={local ? undefined : <TaskRunHistory taskId={current.id} />}
          />
        )}
      </EntityState>
    </div>
  )
}
