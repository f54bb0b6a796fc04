import { useNavigate } from '@tanstack/react-router'
import { useIntl } from 'react-intl'
import { type DataFormat, dataFormats } from '../../api/data-formats'
import type { OutboxEntry } from '../../outbox/db'
import { EntityFormFrame, useEntityForm } from '../resource/entity-form'
import { dataFormatForm } from './data-format-schema'

const TYPES = ['json', 'xml', 'csv', 'json-ld', 'avro', 'parquet']

/** One form for create and edit; a save is queued in the outbox, never lost. */
export function DataFormatForm({ current, refused }: { current?: DataFormat; refused?: OutboxEntry }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const { form, frame } = useEntityForm({
    resource: dataFormats,
    draftName: 'data-format',
    current,
    refused,
    values: dataFormatForm,
    done: () => navigate({ to: '/data-formats' }),
  })

  return (
    <EntityFormFrame {...frame}>
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
    </EntityFormFrame>
  )
}
