import { FormattedMessage, useIntl } from 'react-intl'
import type { TaskSecret } from '../../contract/task'
import { CheckboxField } from '../../ui/form/checkbox-field'
import { withForm } from '../../ui/form/fields'
import { SecretField } from '../../ui/form/secret-field'
import { MISSED_RUN_LABELS, STOP_AFTER_FAILURES_LABEL } from './missed-runs'
import { toFormValues } from './task-form-schema'

/**
 * General: identity, interval, request parameters, secrets, concurrency and the async flag.
 * `secretsSet`: the secrets the task has, which the form shows as set without their values.
 */
export const TaskGeneralTab = withForm({
  defaultValues: toFormValues(),
  props: { secretsSet: {} as Partial<Record<TaskSecret, boolean>> },
  render: function TaskGeneralTab({ form, secretsSet }) {
    const intl = useIntl()
    return (
      <div className="grid gap-x-6 md:grid-cols-2">
        <form.AppField name="name">
          {(field) => (
            <field.TextField
              label={intl.formatMessage({ id: 'task.name', defaultMessage: 'Name' })}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="code">
          {(field) => (
            <field.TextField label={intl.formatMessage({ id: 'task.code', defaultMessage: 'Code' })} />
          )}
        </form.AppField>
        <form.AppField name="productCode">
          {(field) => (
            <field.TextField
              label={intl.formatMessage({ id: 'task.productCode', defaultMessage: 'Product code' })}
            />
          )}
        </form.AppField>
        <form.AppField name="imageUrl">
          {(field) => (
            <field.TextField
              type="url"
              label={intl.formatMessage({ id: 'task.imageUrl', defaultMessage: 'Image URL' })}
            />
          )}
        </form.AppField>
        <div className="md:col-span-2">
          <form.AppField name="description">
            {(field) => (
              <field.TextAreaField
                rows={3}
                label={intl.formatMessage({ id: 'task.description', defaultMessage: 'Description' })}
              />
            )}
          </form.AppField>
        </div>
        <form.AppField name="interval">
          {(field) => (
            <field.TextField
              label={intl.formatMessage({ id: 'task.interval', defaultMessage: 'Interval' })}
              hint={intl.formatMessage({
                id: 'task.intervalHint',
                defaultMessage: 'Hours and minutes, e.g. "2h 30m", "3h" or "45m". Empty: no interval.',
              })}
            />
          )}
        </form.AppField>
        <form.AppField name="concurrentExecutions">
          {(field) => (
            <field.TextField
              type="number"
              label={intl.formatMessage({
                id: 'task.concurrentExecutions',
                defaultMessage: 'Concurrent executions',
              })}
              hint={intl.formatMessage({ id: 'task.concurrentHint', defaultMessage: '0 means unlimited.' })}
            />
          )}
        </form.AppField>
        <form.AppField name="missedRuns">
          {(field) => (
            <field.SelectField
              label={intl.formatMessage({ id: 'task.missedRuns', defaultMessage: 'Missed runs' })}
              hint={intl.formatMessage({
                id: 'task.missedRunsHint',
                defaultMessage: 'What runs of the times missed while the platform was down.',
              })}
              keepOrder
              options={(['once', 'all', 'skip'] as const).map((value) => ({
                value,
                label: intl.formatMessage(MISSED_RUN_LABELS[value]),
              }))}
            />
          )}
        </form.AppField>
        <form.AppField name="stopAfterFailures">
          {(field) => (
            <field.TextField
              type="number"
              label={intl.formatMessage(STOP_AFTER_FAILURES_LABEL)}
              hint={intl.formatMessage({
                id: 'task.stopAfterFailuresHint',
                defaultMessage:
                  'A scheduled run ending in error counts; a success starts over. Empty: never.',
              })}
            />
          )}
        </form.AppField>
        <div className="md:col-span-2">
          <form.AppField name="requestParameters">
            {(field) => (
              <field.TextAreaField
                rows={3}
                label={intl.formatMessage({
                  id: 'task.requestParameters',
                  defaultMessage: 'Request parameters',
                })}
                hint={intl.formatMessage(
                  {
                    id: 'task.requestParametersHint',
                    defaultMessage: 'A JSON object, e.g. {example}',
                  },
                  { example: '{"limit": 100}' },
                )}
              />
            )}
          </form.AppField>
        </div>
        <form.AppField name="appAccessToken">
          {() => (
            <SecretField
              label={intl.formatMessage({ id: 'task.appAccessToken', defaultMessage: 'App access token' })}
              isSet={secretsSet.appAccessToken}
            />
          )}
        </form.AppField>
        <form.AppField name="clientSecret">
          {() => (
            <SecretField
              label={intl.formatMessage({ id: 'task.clientSecret', defaultMessage: 'Client secret' })}
              isSet={secretsSet.clientSecret}
            />
          )}
        </form.AppField>
        <form.AppField name="hookToken">
          {() => (
            <SecretField
              label={intl.formatMessage({ id: 'task.hookToken', defaultMessage: 'Hook token' })}
              isSet={secretsSet.hookToken}
            />
          )}
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
