import { useStore } from '@tanstack/react-form'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { PermittedScreen } from '../../auth/permitted'
import type { Application } from '../../contract/application'
import type { OutboxEntry } from '../../outbox/db'
import { draftKey, removeDraft, useDraft } from '../../outbox/drafts'
import { newLocalId } from '../../outbox/outbox'
import type { SaveOutcome } from '../../outbox/save-outcome'
import { isQuotaError } from '../../pwa/storage'
import { Button } from '../../ui/button'
import { DraftKept, DraftOffer } from '../../ui/draft-offer'
import { onSave, useAppForm } from '../../ui/form/fields'
import { checkChangedOnly } from '../../ui/form/issued-values'
import {
  PlatformRefusal,
  platformErrorListeners,
  useOutboxSave,
  useRefusalOnFields,
} from '../../ui/form/platform-answer'
import { PageHeader } from '../../ui/page-header'
import { PendingBadge } from '../../ui/pending-badge'
import { EntityState } from '../../ui/query-state'
import { ChangedOnPlatform, useChangedOnPlatform } from '../resource/changed-on-platform'
import { useEntity } from '../resource/use-entity'
import {
  type ApplicationFormValues,
  applicationEditBody,
  applicationFormSchema,
  emptyApplication,
  toApplicationInput,
  toApplicationValues,
} from './application-values'
import { applications } from './applications-resource'

/** `/me/applications/create` and `/me/applications/{id}/edit`, for who may create or change applications. */
export function ApplicationEditScreen({ id }: { id?: string }) {
  return (
    <PermittedScreen check={{ type: 'applications', actions: id ? 'update' : 'create', entityIds: id }}>
      <ApplicationEdit routeId={id} />
    </PermittedScreen>
  )
}

function ApplicationEdit({ routeId }: { routeId?: string }) {
  // A local id (created on this device, not sent yet) becomes the platform's once it is.
  const { id, local, query, current, refused } = useEntity(applications, routeId)
  if (!id)
    return (
      <div>
        <PageHeader
          title={<FormattedMessage id="page.applicationCreate" defaultMessage="New application" />}
        />
        <ApplicationForm />
      </div>
    )
  return (
    <div>
      <PageHeader
        title={
          <>
            <FormattedMessage id="page.applicationEdit" defaultMessage="Edit application" />
            <PendingBadge status={current?.pendingStatus} />
          </>
        }
      />
      <EntityState query={query} local={local} shown={current !== undefined}>
        {current && (
          <ApplicationForm key={`${current.id}|${refused?.id ?? ''}`} current={current} refused={refused} />
        )}
      </EntityState>
    </div>
  )
}

/** One form for create and edit; a save is queued in the outbox, never lost. */
function ApplicationForm({ current, refused }: { current?: Application; refused?: OutboxEntry }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const key = draftKey('application', current?.id ?? 'new')
  const [saveError, setSaveError] = useState<string | null>(null)
  // The version the user started from: a newer one on the platform surfaces as a conflict.
  const [baseVersion] = useState(current?.updatedAt)
  const outbox = useOutboxSave(refused)
  const [validator] = useState(() =>
    checkChangedOnly(applicationFormSchema, current ? toApplicationValues(current) : undefined),
  )
  const back = () => navigate({ to: '/me/applications' })
  const form = useAppForm({
    defaultValues: current ? toApplicationValues(current) : emptyApplication,
    validators: { onChange: validator, onSubmit: validator },
    listeners: platformErrorListeners,
    onSubmit: async ({ value, formApi }) => {
      // An edit sends back what it received, with only the user's changes laid over.
      const input = (
        current ? applicationEditBody(current, value) : toApplicationInput(value)
      ) as ApplicationFormValues
      let outcome: SaveOutcome
      try {
        outcome = await outbox.save(
          () =>
            current
              ? applications.queueUpdate({ ...current, updatedAt: baseVersion }, input)
              : applications.queueCreate(newLocalId(), input),
          input,
          formApi,
        )
      } catch (error) {
        setSaveError(isQuotaError(error) ? 'storage-full' : String(error))
        return
      }
      if (outcome.kind === 'refused') return
      await removeDraft(key)
      formApi.reset(value)
      draft.release()
      await back()
    },
  })
  useRefusalOnFields(form, refused)
  const changedOnPlatform = useChangedOnPlatform(current, toApplicationValues)
  const values = useStore(form.store, (s) => s.values)
  const dirty = useStore(form.store, (s) => s.isDirty)
  const draft = useDraft(key, values, dirty)

  return (
    <form noValidate onSubmit={onSave(form)} className="max-w-2xl rounded-lg bg-white p-6 shadow-sm">
      <PlatformRefusal entry={outbox.refused} />
      <ChangedOnPlatform fields={changedOnPlatform} />
      <DraftOffer
        draft={draft}
        saveError={saveError}
        onRestore={(restored) => form.reset(restored as ApplicationFormValues, { keepDefaultValues: true })}
      />
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
      <div className="mt-6 flex gap-2">
        <form.AppForm>
          <form.SubmitButton>
            <FormattedMessage id="common.save" defaultMessage="Save" />
          </form.SubmitButton>
        </form.AppForm>
        <Button variant="secondary" onClick={() => void back()}>
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
      <DraftKept draft={draft} />
    </form>
  )
}
