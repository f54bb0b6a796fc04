import { useStore } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { FormattedMessage, useIntl } from 'react-intl'
import { catalogItemQuery, catalogOptionsQuery } from '../../api/catalog'
import { withForm } from '../../ui/form/fields'
import { toFormValues } from './catalog-form-schema'
import { ProductFieldInputs } from './product-field-inputs'

const defaults = toFormValues('dataproduct')
/** A source's connector: chosen from the connectors, with what the connector says of itself. */
export const ConnectorTab = withForm({
  defaultValues: defaults,
  render: function ConnectorTab({ form }) {
    const intl = useIntl()
    const connectors = useQuery(catalogOptionsQuery('connector')).data ?? []
    const chosen = useStore(form.store, (s) => s.values.connector)
    const connector = useQuery({ ...catalogItemQuery(chosen), enabled: chosen !== '' })
    return (
      <>
        <form.AppField name="connector">
          {(field) => (
            <field.SelectField
              label={intl.formatMessage({ id: 'catalog.connector', defaultMessage: 'Connector' })}
              options={connectors}
            />
          )}
        </form.AppField>
        {chosen === '' ? (
          <p className="rounded-md bg-gray-50 p-3 text-sm text-gray-700">
            <FormattedMessage id="catalog.connectorNotSelected" defaultMessage="Connector not selected" />
          </p>
        ) : (
          connector.data && (
            <dl className="rounded-md bg-gray-50 p-3 text-sm">
              <dt className="font-medium">
                {intl.formatMessage({ id: 'catalog.connectorType', defaultMessage: 'Connector type' })}
              </dt>
              <dd className="mb-2">{connector.data.connectorType || '—'}</dd>
              <dt className="font-medium">
                {intl.formatMessage({
                  id: 'catalog.connectorParameterMap',
                  defaultMessage: 'Connector parameter map',
                })}
              </dt>
              <dd>
                <pre className="overflow-auto font-mono text-xs">
                  {JSON.stringify(connector.data.connectorParameterMap ?? {}, null, 2)}
                </pre>
              </dd>
            </dl>
          )
        )}
      </>
    )
  },
})

/** A connector's own definition. */
export const ConnectorDefinitionTab = withForm({
  defaultValues: defaults,
  render: function ConnectorDefinitionTab({ form }) {
    const intl = useIntl()
    return (
      <>
        <form.AppField name="connectorType">
          {(field) => (
            <field.TextField
              label={intl.formatMessage({ id: 'catalog.connectorType', defaultMessage: 'Connector type' })}
            />
          )}
        </form.AppField>
        <form.AppField name="connectorInfo">
          {(field) => (
            <field.TextAreaField
              label={intl.formatMessage({ id: 'catalog.connectorInfo', defaultMessage: 'Connector info' })}
            />
          )}
        </form.AppField>
        <form.AppField name="connectorParameterMap">
          {(field) => (
            <field.TextAreaField
              label={intl.formatMessage({
                id: 'catalog.connectorParameterMap',
                defaultMessage: 'Connector parameter map',
              })}
              hint={intl.formatMessage({
                id: 'catalog.jsonObjectHint',
                defaultMessage: 'A JSON object of names and values',
              })}
            />
          )}
        </form.AppField>
        <ProductFieldInputs form={form} tab="connectorDefinition" />
      </>
    )
  },
})

/** A transformer's mapper: type, transformation map and schema. */
export const MapperTab = withForm({
  defaultValues: defaults,
  render: function MapperTab({ form }) {
    const intl = useIntl()
    return (
      <>
        <form.AppField name="transformerType">
          {(field) => (
            <field.TextField
              label={intl.formatMessage({
                id: 'catalog.transformerType',
                defaultMessage: 'Transformer type',
              })}
            />
          )}
        </form.AppField>
        <form.AppField name="transformationMap">
          {(field) => (
            <field.TextAreaField
              rows={8}
              label={intl.formatMessage({
                id: 'catalog.transformationMap',
                defaultMessage: 'Transformation map',
              })}
              hint={intl.formatMessage({
                id: 'catalog.jsonObjectHint',
                defaultMessage: 'A JSON object of names and values',
              })}
            />
          )}
        </form.AppField>
        <form.AppField name="schemaName">
          {(field) => (
            <field.TextField
              label={intl.formatMessage({ id: 'catalog.schemaName', defaultMessage: 'Schema name' })}
            />
          )}
        </form.AppField>
        <form.AppField name="schemaVersion">
          {(field) => (
            <field.TextField
              label={intl.formatMessage({ id: 'catalog.schemaVersion', defaultMessage: 'Schema version' })}
            />
          )}
        </form.AppField>
        <form.AppField name="schemaUrl">
          {(field) => (
            <field.TextField
              type="url"
              label={intl.formatMessage({ id: 'catalog.schemaUrl', defaultMessage: 'Schema URL' })}
            />
          )}
        </form.AppField>
        <ProductFieldInputs form={form} tab="mapper" />
      </>
    )
  },
})
