import { useStore } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useIntl } from 'react-intl'
import { catalogOptionsQuery, protocolOptionsQuery } from '../../api/catalog'
import { dataFormatsQuery } from '../../api/data-formats'
import { findDataFormat, isUnreadable } from '../../contract/reading'
import { CheckboxField } from '../../ui/form/checkbox-field'
import { withForm } from '../../ui/form/fields'
import { MultiSelectField } from '../../ui/form/multi-select-field'
import { toFormValues } from './catalog-form-schema'
import { ProductFieldInputs } from './product-field-inputs'

const defaults = toFormValues('dataproduct')
/**
 * The data formats as options, by id; a format the product names by its code is offered under that
 * code too, so it is shown by name. Only a complete list may call a format missing.
 */
const useFormatOptions = (refs: readonly string[]) => {
  const query = useQuery(dataFormatsQuery({ page: 1, limit: 100 }))
  const formats = (query.data?.items ?? []).filter((f) => !isUnreadable(f))
  const options = formats.map((f) => ({ value: f.id, label: f.name || f.dataFormatCode }))
  for (const ref of refs) {
    const byCode = formats.some((f) => f.id === ref) ? undefined : findDataFormat(formats, ref)
    if (byCode) options.push({ value: ref, label: byCode.name || ref })
  }
  const complete = query.data !== undefined && !query.data.more && formats.length >= query.data.totalCount
  return { options, loaded: query.isSuccess && !query.data.error && complete }
}

/** Formats, protocol, access point and the JSON parameters: shared by products, templates and sources. */
const ParameterFields = withForm({
  defaultValues: defaults,
  render: function ParameterFields({ form }) {
    const intl = useIntl()
    const inputFormats = useStore(form.store, (s) => s.values.inputFormats)
    const outputFormat = useStore(form.store, (s) => s.values.outputFormat)
    const formats = useFormatOptions([...(inputFormats ?? []), ...(outputFormat ? [outputFormat] : [])])
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
              missingLabel={formats.loaded ? missingFormat : outputFormat}
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
