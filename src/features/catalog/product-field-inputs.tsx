import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import {
  PRODUCT_FIELD_NAMES,
  PRODUCT_FIELDS,
  type ProductField,
  type ProductFieldName,
  type ProductFieldTab,
} from '../../contract/product'
import { CheckboxField } from '../../ui/form/checkbox-field'
import { withForm } from '../../ui/form/fields'
import { toFormValues } from './catalog-form-schema'

/** The inputs of a tab's fields from the field table, in its order; a `custom` one comes from `custom`. */
export const ProductFieldInputs = withForm({
  defaultValues: toFormValues('dataproduct'),
  props: {} as {
    tab: ProductFieldTab
    custom?: Partial<Record<ProductFieldName, () => ReactNode>>
  },
  render: function ProductFieldInputs({ form, tab, custom = {} }) {
    const intl = useIntl()
    return PRODUCT_FIELD_NAMES.filter((name) => PRODUCT_FIELDS[name].tab === tab).map((name) => {
      const field: ProductField = PRODUCT_FIELDS[name]
      const label = intl.formatMessage(field.label)
      return (
        <form.AppField key={name} name={name}>
          {(f) => {
            switch (field.input) {
              case 'custom':
                return custom[name]?.()
              case 'checkbox':
                return <CheckboxField label={label} />
              case 'textarea':
                return <f.TextAreaField label={label} rows={3} />
              default:
                return (
                  <f.TextField
                    type={field.input === 'text' ? undefined : field.input}
                    label={label}
                    autoComplete={field.autoComplete}
                  />
                )
            }
          }}
        </form.AppField>
      )
    })
  },
})
