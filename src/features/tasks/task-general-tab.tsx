import { FormattedMessage, useIntl } from 'react-intl'
import { CheckboxField } from '../../ui/form/checkbox-field'
import { withForm } from '../../ui/form/fields'
import { SecretField } from '../../ui/form/secret-field'
import { toFormValues } from './task-form-schema'

/** General: identity, interval, request parameters, secrets, concurrency and the async flag. */
export const TaskGeneralTab = withForm({
  defaultValues: toFormValues(),
  render: function TaskGeneralTab({ form }) {
    const intl = useIntl()
    const t = (id: string, defaultMessage: string) => intl.formatMessage({ id, defaultMessage })
    return (
      <div className="grid gap-x-6 md:grid-cols-2">
        <form.AppField name="name">
          {(field) => <field.TextField label={t('task.name', 'Name')} required />}
        </form.AppField>
        <form.AppField name="code">
          {(field) => <field.TextField label={t('task.code', 'Code')} />}
        </form.AppField>
        <form.AppField name="productCode">
          {(field) => <field.TextField label={t('task.productCode', 'Product code')} />}
        </form.AppField>
        <form.AppField name="imageUrl">
          {(field) => <field.TextField type="url" label={t('task.imageUrl', 'Image URL')} />}
        </form.AppField>
        <div className="md:col-span-2">
          <form.AppField name="description">
            {(field) => <field.TextAreaField rows={3} label={t('task.description', 'Description')} />}
          </form.AppField>
        </div>
        <form.AppField name="interval">
          {(field) => (
            <field.TextField
              label={t('task.interval', 'Interval')}
              hint={t(
                'task.intervalHint',
                'Hours and minutes, e.g. "2h 30m", "3h" or "45m". Empty: no interval.',
              )}
            />
          )}
        </form.AppField>
        <form.AppField name="concurrentExecutions">
          {(field) => (
            <field.TextField
              type="number"
              label={t('task.concurrentExecutions', 'Concurrent executions')}
              hint={t('task.concurrentHint', '0 means unlimited.')}
            />
          )}
        </form.AppField>
        <div className="md:col-span-2">
          <form.AppField name="requestParameters">
            {(field) => (
              <field.TextAreaField
                rows={3}
                label={t('task.requestParameters', 'Request parameters')}
                hint={t('task.requestParametersHint', 'A JSON object, e.g. {"limit": 100}')}
              />
            )}
          </form.AppField>
        </div>
        <form.AppField name="appAccessToken">
          {() => <SecretField label={t('task.appAccessToken', 'App access token')} />}
        </form.AppField>
        <form.AppField name="clientSecret">
          {() => <SecretField label={t('task.clientSecret', 'Client secret')} />}
        </form.AppField>
        <form.AppField name="hookToken">
          {() => <SecretField label={t('task.hookToken', 'Hook token')} />}
        </form.AppField>
        <div className="self-center">
          <form.AppField name="asyncResponse">
            {() => (
              <CheckboxField
                label={<FormattedMessage id="task.asyncResponse" defaultMessage="Asynchronous response" />}
                hint={
                  <FormattedMessage
                    id="task.asyncResponseHint"
                    defaultMessage="Answer at once and deliver the result later."
                  />
                }
              />
            )}
          </form.AppField>
        </div>
      </div>
    )
  },
})
