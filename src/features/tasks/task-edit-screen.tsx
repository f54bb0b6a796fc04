import { useQuery } from '@tanstack/react-query'
import { FormattedMessage } from 'react-intl'
import { actionSchemasQuery, tasks } from '../../api/tasks'
import { PermittedScreen } from '../../auth/permitted'
import { EntityEditPage } from '../resource/entity-edit-page'
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
  const schemas = useQuery(actionSchemasQuery())
  // Offline without the schemas cached, the form still opens: option values are kept as they are.
  const schemasReady = schemas.isSuccess || schemas.isError

  return (
    <EntityEditPage
      resource={tasks}
      routeId={routeId}
      createTitle={<FormattedMessage id="page.taskCreate" defaultMessage="New task" />}
      editTitle={<FormattedMessage id="page.taskEdit" defaultMessage="Edit task" />}
      ready={schemasReady}
      deniedAlert
      form={(entity) =>
        entity ? (
          <TaskForm
            current={entity.current}
            refused={entity.refused}
            schemas={schemas.data ?? []}
            history={entity.local ? undefined : <TaskRunHistory taskId={entity.current.id} />}
          />
        ) : schemasReady ? (
          <TaskForm schemas={schemas.data ?? []} />
        ) : (
          loading
        )
      }
    />
  )
}
