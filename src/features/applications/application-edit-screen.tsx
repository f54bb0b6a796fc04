import { useNavigate } from '@tanstack/react-router'
import { FormattedMessage, useIntl } from 'react-intl'
import { PermittedScreen } from '../../auth/permitted'
import type { Application } from '../../contract/application'
import type { OutboxEntry } from '../../outbox/db'
import { EntityEditPage } from '../resource/entity-edit-page'
import { EntityFormFrame, useEntityForm } from '../resource/entity-form'
import { applicationForm } from './application-values'
import { applications } from './applications-resource'

/** `/me/applications/create` and `/me/applications/{id}/edit`, for who may create or change applications. */
export function ApplicationEditScreen({ id }: { id?: string }) {
  return (
    <PermittedScreen check={{ type: 'applications', actions: id ? 'update' : 'create', entityIds: id }}>
      <EntityEditPage
        resource={applications}
        routeId={id}
        createTitle={<FormattedMessage id="page.applicationCreate" defaultMessage="New application" />}
        editTitle={<FormattedMessage id="page.applicationEdit" defaultMessage="Edit application" />}
        form={(entity) => <ApplicationForm current={entity?.current} refused={entity?.refused} />}
      />
    </PermittedScreen>
  )
}

/** One form for create and edit; a save is queued in the outbox, never lost. */
function ApplicationForm({ current, refused }: { current?: Application; refused?: OutboxEntry }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const { form, frame } = useEntityForm({
    resource: applications,
    draftName: 'application',
    current,
    refused,
    values: applicationForm,
    done: () => navigate({ to: '/me/applications' }),
  })
  return (
    <EntityFormFrame {...frame}>
      <form.AppField name="name">
        {(field) => (
          <field.TextField
            label={intl.formatMessage({ id: 'application.name', defaultMessage: 'Name' })}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="description">
        {(field) => (
          <field.TextAreaField
            label={intl.formatMessage({ id: 'application.description', defaultMessage: 'Description' })}
          />
        )}
      </form.AppField>
    </EntityFormFrame>
  )
}
