import { useState } from 'react'
import { defineMessages, FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl'
import type { ActionSchema } from '../../api/tasks'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { actionDescription } from '../../ui/enum-text'
import { CheckboxField } from '../../ui/form/checkbox-field'
import { withForm } from '../../ui/form/fields'
import { emptyAction, toFormValues, toTaskInput } from './task-form-schema'

const RULE_LABELS: Record<string, MessageDescriptor> = defineMessages({
  required: { id: 'rule.required', defaultMessage: 'required' },
  url: { id: 'rule.url', defaultMessage: 'a URL' },
  object: { id: 'rule.object', defaultMessage: 'a JSON object' },
  digits: { id: 'rule.digits', defaultMessage: 'digits' },
  enum: { id: 'rule.enum', defaultMessage: 'one of the allowed values' },
})

/** Actions: each action schema's options rendered as a form, with output, environment, on/off and meta. */
export const TaskActionsTab = withForm({
  defaultValues: toFormValues(),
  props: { schemas: [] as ActionSchema[] },
  render: function TaskActionsTab({ form, schemas }) {
    const intl = useIntl()
    const [adding, setAdding] = useState('')
    const [notice, setNotice] = useState<'copied' | 'failed' | null>(null)
    const copy = async () => {
      try {
        const { actions } = toTaskInput(form.state.values, schemas)
        await navigator.clipboard.writeText(JSON.stringify(actions, null, 2))
        setNotice('copied')
      } catch {
        setNotice('failed')
      }
    }
    return (
      <form.AppField name="actions" mode="array">
        {(actions) => (
          <div className="space-y-4">
            <div className="flex flex-wrap items-end gap-2">
              <label className="text-sm">
                <span className="mb-1 block font-medium text-gray-800">
                  <FormattedMessage id="task.actionType" defaultMessage="Action to add" />
                </span>
                <select
                  value={adding}
                  onChange={(e) => setAdding(e.target.value)}
                  className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
                >
                  <option value="">—</option>
                  {schemas.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </label>
              <Button
                variant="secondary"
                disabled={!adding}
                onClick={() => {
                  actions.pushValue(emptyAction(adding))
                  setAdding('')
                }}
              >
                <FormattedMessage id="task.addAction" defaultMessage="Add action" />
              </Button>
              <Button variant="ghost" disabled={actions.state.value.length === 0} onClick={() => void copy()}>
                <FormattedMessage id="task.copyActions" defaultMessage="Copy actions" />
              </Button>
            </div>
            <div aria-live="polite">
              {notice === 'copied' && (
                <Alert tone="success">
                  <FormattedMessage id="notice.actionsCopied" defaultMessage="Actions copied" />
                </Alert>
              )}
              {notice === 'failed' && (
                <Alert>
                  <FormattedMessage
                    id="task.copyFailed"
                    defaultMessage="The browser did not allow copying."
                  />
                </Alert>
              )}
            </div>
            {actions.state.value.length === 0 && (
              <p className="text-sm text-gray-600">
                <FormattedMessage id="task.noActions" defaultMessage="No actions yet." />
              </p>
            )}
            {actions.state.value.map((action, i) => {
              const schema = schemas.find((s) => s.id === action.actionId)
              const title = schema?.name ?? action.actionId
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: form array fields are named by their index
                <fieldset key={i} className="rounded-md border border-gray-200 p-4" data-testid="task-action">
                  <legend className="px-1 font-medium text-gray-900">
                    {i + 1}. {title}
                  </legend>
                  {schema?.description && (
                    <p className="mb-3 text-sm text-gray-700">
                      {actionDescription(intl, schema.id, schema.description)}
                    </p>
                  )}
                  <div className="grid gap-x-6 md:grid-cols-2">
                    <form.AppField name={`actions[${i}].name`}>
                      {(field) => (
                        <field.TextField
                          label={intl.formatMessage({ id: 'task.actionName', defaultMessage: 'Action name' })}
                        />
                      )}
                    </form.AppField>
                    <div className="self-center">
                      <form.AppField name={`actions[${i}].enabled`}>
                        {() => (
                          <CheckboxField
                            label={intl.formatMessage({
                              id: 'task.actionEnabled',
                              defaultMessage: 'Enabled (on)',
                            })}
                          />
                        )}
                      </form.AppField>
                    </div>
                  </div>
                  <fieldset>
                    <legend className="mb-2 text-sm font-semibold text-gray-800">
                      <FormattedMessage id="task.actionInput" defaultMessage="Input" />
                    </legend>
                    <div className="grid gap-x-6 md:grid-cols-2">
                      {schema?.options.map((option) => (
                        <form.AppField key={option.title} name={`actions[${i}].options.${option.title}`}>
                          {(field) => (
                            <field.TextField
                              label={option.title}
                              required={option.rules.includes('required')}
                              hint={option.rules
                                .filter((r) => r !== 'required' && RULE_LABELS[r])
                                .map((r) => intl.formatMessage(RULE_LABELS[r] as MessageDescriptor))
                                .join(', ')}
                            />
                          )}
                        </form.AppField>
                      ))}
                    </div>
                  </fieldset>
                  <div className="grid gap-x-6 md:grid-cols-3">
                    <form.AppField name={`actions[${i}].output`}>
                      {(field) => (
                        <field.TextAreaField
                          rows={3}
                          label={intl.formatMessage({ id: 'task.actionOutput', defaultMessage: 'Output' })}
                        />
                      )}
                    </form.AppField>
                    <form.AppField name={`actions[${i}].environment`}>
                      {(field) => (
                        <field.TextAreaField
                          rows={3}
                          label={intl.formatMessage({
                            id: 'task.actionEnvironment',
                            defaultMessage: 'Environment variables',
                          })}
                          hint={intl.formatMessage(
                            {
                              id: 'task.actionEnvironmentHint',
                              defaultMessage: 'A JSON object, e.g. {example}',
                            },
                            { example: '{"REGION": "eu"}' },
                          )}
                        />
                      )}
                    </form.AppField>
                    <form.AppField name={`actions[${i}].meta`}>
                      {(field) => (
                        <field.TextAreaField
                          rows={3}
                          label={intl.formatMessage({ id: 'task.actionMeta', defaultMessage: 'Meta' })}
                        />
                      )}
                    </form.AppField>
                  </div>
                  <Button variant="ghost" onClick={() => actions.removeValue(i)}>
                    <FormattedMessage
                      id="task.removeAction"
                      defaultMessage="Remove action {n}"
                      values={{ n: i + 1 }}
                    />
                  </Button>
                </fieldset>
              )
            })}
          </div>
        )}
      </form.AppField>
    )
  },
})
