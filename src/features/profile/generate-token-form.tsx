import { useStore } from '@tanstack/react-form'
import { FormattedMessage, useIntl } from 'react-intl'
import { useOnlineWrite } from '../../api/online-write'
import { generateToken } from '../../api/tokens'
import { MESSAGES } from '../../contract/messages'
import { limit, requiredText } from '../../contract/rules'
import type { AccessToken } from '../../contract/token'
import { z } from '../../contract/zod'
import { useUnsavedInput } from '../../pwa/unsaved'
import { Alert } from '../../ui/alert'
import { ErrorNotice } from '../../ui/error-notice'
import { DateField } from '../../ui/form/date-field'
import { onSave, useAppForm } from '../../ui/form/fields'
import { FUTURE_DATE_MESSAGE } from '../../ui/form/validation-message'
import { OnlineOnlyButton } from '../../ui/online-only-button'
import { daysAhead, endOfDay, expirationProblem } from './token-dates'

const schema = z.object({
  name: requiredText().max(100, limit(MESSAGES.tooLong)),
  expirationDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, limit(MESSAGES.required))
    // The platform refuses a date that is not in the future: said on the field before it is sent.
    .refine((day) => Date.parse(endOfDay(day)) > Date.now(), FUTURE_DATE_MESSAGE),
})

/** Generate (name, expiration date): online only, the answer's full value goes to `onCreated` once. */
export function GenerateTokenForm({
  userId,
  onCreated,
}: {
  userId: string
  onCreated: (token: AccessToken) => void
}) {
  const intl = useIntl()
  const write = useOnlineWrite((input: { name: string; expirationDate: string }, key: string) =>
    generateToken(userId, input, key),
  )
  const form = useAppForm({
    defaultValues: { name: '', expirationDate: daysAhead(30) },
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: async ({ value, formApi }) => {
      const result = await write.run({
        name: value.name.trim(),
        expirationDate: endOfDay(value.expirationDate),
      })
      if (!result || result.error !== undefined || !result.data) return
      onCreated(result.data)
      formApi.reset({ name: '', expirationDate: daysAhead(30) })
    },
  })
  // The lifetime rule is said as what to choose; any other refusal (a date the platform no longer
  // takes as future among them) by the error notice, translated by field and rule.
  const tooLong = write.issues.some((i) => i.path === 'expirationDate' && /at most \d+ days/.test(i.message))
    ? expirationProblem(intl, write.issues)
    : undefined
  // Online only, no draft: a new version's reload waits while a name is typed here.
  useUnsavedInput(useStore(form.store, (s) => s.isDirty))
  return (
    <form
      noValidate
      aria-labelledby="generate-token-title"
      onSubmit={onSave(form)}
      className="rounded-lg border border-gray-200 p-4"
    >
      <h3 id="generate-token-title" className="mb-3 font-semibold text-gray-900">
        <FormattedMessage id="tokens.generateTitle" defaultMessage="Generate a token" />
      </h3>
      {write.failure && (
        <div className="mb-3">
          {tooLong ? <Alert>{tooLong}</Alert> : <ErrorNotice error={write.failure} />}
        </div>
      )}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <form.AppField name="name">
          {(field) => (
            <field.TextField
              label={intl.formatMessage({ id: 'tokens.name', defaultMessage: 'Name' })}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="expirationDate">
          {() => (
            <DateField
              label={intl.formatMessage({ id: 'tokens.expirationDate', defaultMessage: 'Expiration date' })}
              required
            />
          )}
        </form.AppField>
      </div>
      <form.Subscribe selector={(s) => s.isSubmitting}>
        {(submitting) => (
          <OnlineOnlyButton
            type="submit"
            disabled={submitting || write.busy}
            aria-busy={submitting || write.busy}
          >
            <FormattedMessage id="tokens.generate" defaultMessage="Generate" />
          </OnlineOnlyButton>
        )}
      </form.Subscribe>
    </form>
  )
}
