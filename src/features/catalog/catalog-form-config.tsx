import { useQuery } from '@tanstack/react-query'
import { useIntl } from 'react-intl'
import { catalogOptionsQuery, protocolOptionsQuery } from '../../api/catalog'
import { dataFormatsQuery } from '../../api/data-formats'
import { CheckboxField } from '../../ui/form/checkbox-field'
import { withForm } from '../../ui/form/fields'
import { MultiSelectField } from '../../ui/form/multi-select-field'
import { toFormValues } from './catalog-form-schema'
import { ProductFieldInputs } from './product-field-inputs'

const defaults = toFormValues('dataproduct')
const useFormatOptions = () => {
  const query = useQuery(dataFormatsQuery({ page: 1, limit: 100 }))
  const options = (query.data?.items ?? []).map((f) => ({ value: f.id, label: f.name || f.dataFormatCode }))
  return { options, loaded: query.isSuccess && !query.data.error }
}

/** Formats, protocol, access point and the JSON parameters: shared by products, templates and sources. */
const ParameterFields = withForm({
  defaultValues: defaults,
  render: function ParameterFields({ form }) {
    const intl = useIntl()
    const formats = useFormatOptions()
    const missingFormat = intl.formatMessage({
      id: 'catalog.formatMissing',
      defaultMessage: 'Removed data format',
    })
    const protocols = useQuery(protocolOptionsQuery()).data ?? []
    return (
      <>
        <form.AppField name="protocolId">
          {(field) => (
            <field.SelectField
              label={intl.formatMessage({ id: 'catalog.protocol', defaultMessage: 'Protocol' })}
              options={protocols}
            />
          )}
        </form.AppField>
        <form.AppField name="accessPoint">
          {(field) => (
            <field.TextField
              type="url"
              label={intl.formatMessage({ id: 'catalog.accessPoint', defaultMessage: 'Access point' })}
            />
          )}
        </form.AppField>
        <form.AppField name="inputFormats">
          {() => (
            <MultiSelectField
              label={intl.formatMessage({ id: 'catalog.inputFormats', defaultMessage: 'Input formats' })}
              options={formats.options}
              missingLabel={formats.loaded ? missingFormat : undefined}
            />
          )}
        </form.AppField>
        <form.AppField name="outputFormat">
          {(field) => (
            <field.SelectField
              label={intl.formatMessage({ id: 'catalog.outputFormat', defaultMessage: 'Output format' })}
              options={formats.options}
              loaded={formats.loaded}
              missingLabel={missingFormat}
            />
          )}
        </form.AppField>
        <form.AppField name="parameterContext">
          {(field) => (
            <field.TextAreaField
              label={intl.formatMessage({
                id: 'catalog.parameterContext',
                defaultMessage: 'Parameter context',
              })}
              hint={intl.formatMessage({
                id: 'catalog.jsonObjectHint',
                defaultMessage: 'A JSON object of names and values',
              })}
            />
          )}
        </form.AppField>
        <form.AppField name="parameterOptions">
          {(field) => (
            <field.TextAreaField
              label={intl.formatMessage({
                id: 'catalog.parameterOptions',
                defaultMessage: 'Parameter options',
              })}
              hint={intl.formatMessage({
                id: 'catalog.jsonArrayHint',
                defaultMessage: 'A JSON list of parameter objects, each with a name and a type',
              })}
            />
          )}
        </form.AppField>
      </>
    )
  },
})

/** Product and template configuration: source, template, connector, transformers, formats, parameters. */
export const ConfigurationTab = withForm({
  defaultValues: defaults,
  props: { product: true },
  render: function ConfigurationTab({ form, product }) {
    const intl = useIntl()
    const sources = useQuery(catalogOptionsQuery('datasource')).data ?? []
    const templates = useQuery(catalogOptionsQuery('datasource-template')).data ?? []
    const connectors = useQuery(catalogOptionsQuery('connector')).data ?? []
    const transformers = useQuery(catalogOptionsQuery('transformer')).data ?? []
    return (
      <>
        {product ? (
          <>
            <form.AppField name="dataSource">
              {(field) => (
                <field.SelectField
                  label={intl.formatMessage({ id: 'catalog.dataSource', defaultMessage: 'Data source' })}
                  options={sources}
                />
              )}
            </form.AppField>
            <form.AppField name="dataSourceTemplate">
              {(field) => (
                <field.SelectField
                  label={intl.formatMessage({ id: 'catalog.template', defaultMessage: 'Template' })}
                  options={templates}
                />
              )}
            </form.AppField>
            <form.AppField name="selectedTransformers">
              {() => (
                <MultiSelectField
                  label={intl.formatMessage({
                    id: 'catalog.selectedTransformers',
                    defaultMessage: 'Transformers',
                  })}
                  options={transformers}
                />
              )}
            </form.AppField>
            <form.AppField name="harmonizedData">
              {() => (
                <CheckboxField
                  label={intl.formatMessage({
                    id: 'catalog.harmonizedData',
                    defaultMessage: 'Harmonized data',
                  })}
                />
              )}
            </form.AppField>
            <form.AppField name="allowConsumerCredentials">
              {() => (
                <CheckboxField
                  label={intl.formatMessage({
                    id: 'catalog.allowConsumerCredentials',
                    defaultMessage: 'Consumers may bring their own credentials',
                  })}
                />
              )}
            </form.AppField>
          </>
        ) : (
          <>
            <form.AppField name="connector">
              {(field) => (
                <field.SelectField
                  label={intl.formatMessage({ id: 'catalog.connector', defaultMessage: 'Connector' })}
                  options={connectors}
                />
              )}
            </form.AppField>
            <form.AppField name="supportedTransformers">
              {() => (
                <MultiSelectField
                  label={intl.formatMessage({
                    id: 'catalog.supportedTransformers',
                    defaultMessage: 'Supported transformers',
                  })}
                  options={transformers}
                />
              )}
            </form.AppField>
          </>
        )}
        <ParameterFields form={form} />
        <ProductFieldInputs form={form} tab="configuration" />
      </>
    )
  },
})

/** A source's connector settings: its template and parameters. */
export const ConnectorSettingsTab = withForm({
  defaultValues: defaults,
  render: function ConnectorSettingsTab({ form }) {
    const intl = useIntl()
    const templates = useQuery(catalogOptionsQuery('datasource-template')).data ?? []
    return (
      <>
        <form.AppField name="dataSourceTemplate">
          {(field) => (
            <field.SelectField
              label={intl.formatMessage({ id: 'catalog.template', defaultMessage: 'Template' })}
              options={templates}
            />
          )}
        </form.AppField>
        <ParameterFields form={form} />
        <ProductFieldInputs form={form} tab="configuration" />
      </>
    )
  },
})
