import { FormattedMessage, useIntl } from 'react-intl'
import { DETAIL_LEVELS } from '../../contract/task'
import { Button } from '../../ui/button'
import { CheckboxField } from '../../ui/form/checkbox-field'
import { withForm } from '../../ui/form/fields'
import { emptyNotification, toFormValues } from './task-form-schema'

/** Notifications: where a run's outcome is reported, when, and in how much detail. */
export const TaskNotificationsTab = withForm({
  defaultValues: toFormValues(),
  render: function TaskNotificationsTab({ form }) {
    const intl = useIntl()
    const levels: Record<(typeof DETAIL_LEVELS)[number], string> = {
      full: intl.formatMessage({ id: 'task.detail.full', defaultMessage: 'Full' }),
      simple: intl.formatMessage({ id: 'task.detail.simple', defaultMessage: 'Simple' }),
      'result-only': intl.formatMessage({ id: 'task.detail.resultOnly', defaultMessage: 'Result only' }),
    }
    return (
      <form.AppField name="notifications" mode="array">
        {(list) => (
          <div className="space-y-4">
            {list.state.value.length === 0 && (
              <p className="text-sm text-gray-600">
                <FormattedMessage id="task.noNotifications" defaultMessage="No notifications." />
              </p>
            )}
            {list.state.value.map((_, i) => (
              <fieldset
                // biome-ignore lint/suspicious/noArrayIndexKey: form array fields are named by their index
                key={i}
                className="rounded-md border border-gray-200 p-4"
                data-testid="task-notification"
              >
                <legend className="px-1 font-medium text-gray-900">
                  <FormattedMessage
                    id="task.notification"
                    defaultMessage="Notification {n}"
                    values={{ n: i + 1 }}
                  />
                </legend>
                <div className="grid gap-x-6 md:grid-cols-2">
                  <form.AppField name={`notifications[${i}].url`}>
                    {(field) => (
                      <field.TextField
                        type="url"
                        label={intl.formatMessage({ id: 'task.notificationUrl', defaultMessage: 'URL' })}
                      />
                    )}
                  </form.AppField>
                  <form.AppField name={`notifications[${i}].type`}>
                    {(field) => (
                      <field.TextField
                        label={intl.formatMessage({ id: 'task.notificationType', defaultMessage: 'Type' })}
                      />
                    )}
                  </form.AppField>
                  <form.AppField name={`notifications[${i}].detailLevel`}>
                    {(field) => (
                      <field.SelectField
                        label={intl.formatMessage({ id: 'task.detailLevel', defaultMessage: 'Detail level' })}
                        keepOrder
                        options={DETAIL_LEVELS.map((l) => ({ value: l, label: levels[l] }))}
                      />
                    )}
                  </form.AppField>
                  <div>
                    <form.AppField name={`notifications[${i}].internal`}>
                      {() => (
                        <CheckboxField
                          label={intl.formatMessage({ id: 'task.internal', defaultMessage: 'Internal' })}
                        />
                      )}
                    </form.AppField>
                    <form.AppField name={`notifications[${i}].sendOnError`}>
                      {() => (
                        <CheckboxField
                          label={intl.formatMessage({
                            id: 'task.sendOnError',
                            defaultMessage: 'Send on error',
                          })}
                        />
                      )}
                    </form.AppField>
                    <form.AppField name={`notifications[${i}].sendOnSuccess`}>
                      {() => (
                        <CheckboxField
                          label={intl.formatMessage({
                            id: 'task.sendOnSuccess',
                            defaultMessage: 'Send on success',
                          })}
                        />
                      )}
                    </form.AppField>
                  </div>
                </div>
                <Button variant="ghost" onClick={() => list.removeValue(i)}>
                  <FormattedMessage
                    id="task.removeNotification"
                    defaultMessage="Remove notification {n}"
                    values={{ n: i + 1 }}
                  />
                </Button>
              </fieldset>
            ))}
            <Button variant="secondary" onClick={() => list.pushValue(emptyNotification())}>
              <FormattedMessage id="task.addNotification" defaultMessage="Add notification" />
            </Button>
          </div>
        )}
      </form.AppField>
    )
  },
})
