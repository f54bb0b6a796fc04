import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { DETAIL_LEVELS } from '../../contract/task-values'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CheckboxField } from '../../ui/form/checkbox-field'
import { withForm } from '../../ui/form/fields'
import { emptyNotification, toFormValues } from './task-form-schema'

/** Notifications: where a run's outcome is reported, when, and in how much detail. */
export const TaskNotificationsTab = withForm({
  defaultValues: toFormValues(),
  render: function TaskNotificationsTab({ form }) {
    const intl = useIntl()
    const [adding, setAdding] = useState(false)
    const [problem, setProblem] = useState<string | undefined>()
    const problems: Record<string, string> = {
      unsupported: intl.formatMessage({
        id: 'push.unsupported',
        defaultMessage: 'This browser cannot receive notifications from the console.',
      }),
      denied: intl.formatMessage({
        id: 'push.denied',
        defaultMessage:
          'Notifications are blocked for the console in this browser. Allow them in its settings.',
      }),
      'no-worker': intl.formatMessage({
        id: 'push.noWorker',
        defaultMessage: 'The console is not installed in this browser yet. Reload the page and try again.',
      }),
      'subscribe-failed': intl.formatMessage({
        id: 'push.subscribeFailed',
        defaultMessage: "The browser's push service did not accept this device. It was not added.",
      }),
      platform: intl.formatMessage({
        id: 'push.platformFailed',
        defaultMessage: 'The platform did not save this device. Try again when online.',
      }),
    }
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
            {list.state.value.map((item, i) => (
              <fieldset
                // biome-ignore lint/suspicious/noArrayIndexKey: form array fields are named by their index
                key={i}
                className="rounded-md border border-gray-200 p-4"
                data-testid="task-notification"
              >
                <legend className="px-1 font-medium text-gray-900">
                  {item.type === 'push' ? (
                    <FormattedMessage
                      id="task.notificationPush"
                      defaultMessage="Notification {n}: devices"
                      values={{ n: i + 1 }}
                    />
                  ) : (
                    <FormattedMessage
                      id="task.notification"
                      defaultMessage="Notification {n}"
                      values={{ n: i + 1 }}
                    />
                  )}
                </legend>
                {item.type === 'push' && (
                  <p className="mb-2 text-sm text-gray-600">
                    <FormattedMessage
                      id="task.notificationPushHelp"
                      defaultMessage="Sent to the devices added by the task's creator and by the members of its product's organization."
                    />
                  </p>
                )}
                <div className="grid gap-x-6 md:grid-cols-2">
                  {item.type !== 'push' && (
                    <form.AppField name={`notifications[${i}].url`}>
                      {(field) => (
                        <field.TextField
                          type="url"
                          label={intl.formatMessage({ id: 'task.notificationUrl', defaultMessage: 'URL' })}
                        />
                      )}
                    </form.AppField>
                  )}
                  {item.type !== 'push' && (
                    <form.AppField name={`notifications[${i}].type`}>
                      {(field) => (
                        <field.TextField
                          label={intl.formatMessage({ id: 'task.notificationType', defaultMessage: 'Type' })}
                        />
                      )}
                    </form.AppField>
                  )}
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
                    {item.type !== 'push' && (
                      <form.AppField name={`notifications[${i}].internal`}>
                        {() => (
                          <CheckboxField
                            label={intl.formatMessage({ id: 'task.internal', defaultMessage: 'Internal' })}
                          />
                        )}
                      </form.AppField>
                    )}
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
            {problem && <Alert>{problem}</Alert>}
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => list.pushValue(emptyNotification())}>
                <FormattedMessage id="task.addNotification" defaultMessage="Add notification" />
              </Button>
              <Button
                variant="secondary"
                disabled={adding}
                onClick={async () => {
                  // The browser asks for permission now, on this click, and never before.
                  setAdding(true)
                  setProblem(undefined)
                  try {
                    const { subscribeThisDevice } = await import('../../api/push')
                    await subscribeThisDevice()
                    if (!list.state.value.some((n) => n.type === 'push'))
                      list.pushValue({ ...emptyNotification(), internal: false, type: 'push' })
                  } catch (error) {
                    const kind = (error as { problem?: string }).problem ?? 'platform'
                    setProblem(problems[kind] ?? problems.platform)
                  } finally {
                    setAdding(false)
                  }
                }}
              >
                <FormattedMessage id="task.addThisDevice" defaultMessage="Notify this device" />
              </Button>
            </div>
          </div>
        )}
      </form.AppField>
    )
  },
})
