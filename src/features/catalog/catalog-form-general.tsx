import { useStore } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useIntl } from 'react-intl'
import { qualityAttributeOptionsQuery } from '../../api/catalog'
import { organizationsQuery } from '../../api/organizations'
import { PRODUCT_FIELDS, VISIBILITY_TYPES } from '../../contract/product'
import { withForm } from '../../ui/form/fields'
import { MultiSelectField } from '../../ui/form/multi-select-field'
import { toFormValues } from './catalog-form-schema'
import { useCatalogLabels } from './catalog-labels'
import { STATUSES } from './catalog-paths'
import { ProductFieldInputs } from './product-field-inputs'

const defaults = toFormValues('dataproduct')
const INDUSTRIES = [
  'energy',
  'logistics',
  'maritime',
  'mobility',
  'health',
  'agriculture',
  'finance',
  'retail',
]

/** Name, code, description, status, publisher and visibility. */
export const GeneralTab = withForm({
  defaultValues: defaults,
  render: function GeneralTab({ form }) {
    const intl = useIntl()
    const labels = useCatalogLabels()
    const organizations = useQuery(organizationsQuery())
    const orgOptions = (organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))
    const visibility = useStore(form.store, (s) => s.values.visibilityType)
    return (
      <>
        <form.AppField name="name">
          {(field) => (
            <field.TextField
              label={intl.formatMessage({ id: 'catalog.field.name', defaultMessage: 'Name' })}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="productCode">
          {(field) => (
            <field.TextField
              label={intl.formatMessage({ id: 'catalog.field.productCode', defaultMessage: 'Product code' })}
              hint={intl.formatMessage({
                id: 'catalog.productCodeHint',
                defaultMessage: 'Letters, digits and underscores; unique in the environment.',
              })}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="description">
          {(field) => (
            <field.TextAreaField
              label={intl.formatMessage({ id: 'catalog.description', defaultMessage: 'Description' })}
              rows={3}
            />
          )}
        </form.AppField>
        <form.AppField name="status">
          {(field) => (
            <field.SelectField
              label={intl.formatMessage({ id: 'catalog.field.status', defaultMessage: 'Status' })}
              required
              options={STATUSES.map((s) => ({ value: s, label: labels.status(s) }))}
            />
          )}
        </form.AppField>
        <form.AppField name="publisherOrganizationId">
          {(field) => (
            <field.SelectField
              label={intl.formatMessage({
                id: 'catalog.publisher',
                defaultMessage: 'Publisher organization',
              })}
              placeholder={intl.formatMessage({
                id: 'catalog.currentOrganization',
                defaultMessage: 'The current organization',
              })}
              options={orgOptions}
            />
          )}
        </form.AppField>
        <form.AppField name="visibilityType">
          {(field) => (
            <field.SelectField
              label={intl.formatMessage({ id: 'catalog.visibility', defaultMessage: 'Visibility' })}
              options={VISIBILITY_TYPES.map((v) => ({ value: v, label: labels.visibility(v) }))}
              required
            />
          )}
        </form.AppField>
        {visibility === 'organizations' && (
          <form.AppField name="selectedVisibilityTo">
            {() => (
              <MultiSelectField
                label={intl.formatMessage({ id: 'catalog.visibleTo', defaultMessage: 'Visible to' })}
                options={orgOptions}
              />
            )}
          </form.AppField>
        )}
        <ProductFieldInputs form={form} tab="general" />
      </>
    )
  },
})

/** Image, contact person, quality attributes, industries and flags: the table's fields of the tab. */
export const InformationTab = withForm({
  defaultValues: defaults,
  render: function InformationTab({ form }) {
    const intl = useIntl()
    const qualities = useQuery(qualityAttributeOptionsQuery())
    return (
      <ProductFieldInputs
        form={form}
        tab="information"
        custom={{
          qualityAttributes: () => (
            <MultiSelectField
              label={intl.formatMessage(PRODUCT_FIELDS.qualityAttributes.label)}
              options={qualities.data ?? []}
              allowCustom
            />
          ),
          industries: () => (
            <MultiSelectField
              label={intl.formatMessage(PRODUCT_FIELDS.industries.label)}
              options={INDUSTRIES.map((i) => ({ value: i, label: i }))}
              allowCustom
            />
          ),
        }}
      />
    )
  },
})
