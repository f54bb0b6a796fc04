import { useStore } from '@tanstack/react-form'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { type DataFormat, type DataFormatInput, dataFormats } from '../../api/data-formats'
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
import { ChangedOnPlatform, useChangedOnPlatform } from '../resource/changed-on-platform'
import {
  type DataFormatFormValues,
  dataFormatEditBody,
  dataFormatFormSchema,
  emptyDataFormat,
  toDataFormatInput,
  toDataFormatValues,
} from './data-format-schema'

const TYPES = ['json', 'xml', 'csv', 'json-ld', 'avro', 'parquet']

/** One form for create and edit; a save is queued in the outbox, never lost. */
export function DataFormatForm({ current, refused }: { current?: DataFormat; refused?: OutboxEntry }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const key = draftKey('data-format', current?.id ?? 'new')
  const [saveError, setSaveError] = useState<'storage-full' | string | null>(null)
  // The version the user started editing: a newer one on the platform must surface as a conflict.
  const [baseVersion] = useState(current?.updatedAt)
  const outbox = useOutboxSave(refused)
  // A value the platform issued is checked only once the user changes it.
  const [validator] = useState(() =>
    checkChangedOnly(dataFormatFormSchema, current ? toDataFormatValues(current) : undefined),
  )
  const form = useAppForm({
    defaultValues: current ? toDataFormatValues(current) : emptyDataFormat,
    validators: { onChange: validator, onSubmit: validator },
    listeners: platformErrorListeners,
    onSubmit: async ({ value, formApi }) => {
      // An edit sends back what it received, with only the user's changes laid over.
      const input = (
        current ? dataFormatEditBody(current, value) : toDataFormatInput(value)
      ) as DataFormatInput
      let outcome: SaveOutcome
      try {
        outcome = await outbox.save(
          () =>
            current
              ? dataFormats.queueUpdate({ ...current, updatedAt: baseVersion }, input)
              : dataFormats.queueCreate(newLocalId(), input),
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
      await navigate({ to: '/data-formats' })
    },
  })
  useRefusalOnFields(form, refused)
  // Changed on the platform while open (the live stream updates `current`): what was typed stays.
  const changedOnPlatform = useChangedOnPlatform(current, toDataFormatValues)
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
        onRestore={(restored) => form.reset(restored as DataFormatFormValues, { keepDefaultValues: true })}
      />
      <form.AppField name="dataFormatCode">
        {(field) => (
          <field.TextField
            label={intl.formatMessage({ id: 'dataFormat.code', defaultMessage: 'Code' })}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="name">
        {(field) => (
          <field.TextField
            label={intl.formatMessage({ id: 'dataFormat.name', defaultMessage: 'Name' })}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="type">
        {(field) => (
          <field.SelectField
            label={intl.formatMessage({ id: 'dataFormat.type', defaultMessage: 'Type' })}
            options={TYPES.map((t) => ({ value: t, label: t }))}
          />
        )}
      </form.AppField>
      <form.AppField name="description">
        {(field) => (
          <field.TextAreaField
            label={intl.formatMessage({ id: 'dataFormat.description', defaultMessage: 'Description' })}
          />
        )}
      </form.AppField>
      <form.AppField name="ontologyContext">
        {(field) => (
          <field.TextField
            type="url"
            label={intl.formatMessage({
              id: 'dataFormat.ontologyContext',
              defaultMessage: 'Ontology context',
            })}
            hint={intl.formatMessage({
              id: 'dataFormat.ontologyHint',
              defaultMessage: 'Address of the JSON-LD context, for example https://schema.org',
            })}
          />
        )}
      </form.AppField>
      <div className="mt-6 flex gap-2">
        <form.AppForm>
          <form.SubmitButton>
            <FormattedMessage id="common.save" defaultMessage="Save" />
          </form.SubmitButton>
        </form.AppForm>
        <Button variant="secondary" onClick={() => void navigate({ to: '/data-formats' })}>
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
      <DraftKept draft={draft} />
    </form>
  )
}
