import { useStore } from '@tanstack/react-form'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { z } from 'zod'
import { type ApiError, apiError } from '../../api/http'
import { generateToken } from '../../api/tokens'
import { MESSAGES } from '../../contract/messages'
import { requiredText } from '../../contract/rules'
import type { AccessToken } from '../../contract/token'
import { useUnsavedInput } from '../../offline/unsaved'
import { ErrorNotice } from '../../ui/error-notice'
import { DateField } from '../../ui/form/date-field'
import { useAppForm } from '../../ui/form/fields'
import { OnlineOnlyButton } from '../../ui/online-only-button'

const schema = z.object({
  name: requiredText().max(100),
  expirationDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.required),
})

const dayString = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
const daysAhead = (n: number) => dayString(new Date(Date.now() + n * 86_400_000))

/** The last moment of the chosen day in the operator's time zone. */
function endOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 23, 59, 59).toISOString()
}

/** Generate (name, expiration date): online only, the answer's full value goes to `onCreated` once. */
export function GenerateTokenForm({
  userId,
  onCreated,
}: {
  userId: string
  onCreated: (token: AccessToken) => void
}) {
  const intl = useIntl()
  const [error, setError] = useState<ApiError>()
  const form = useAppForm({
    defaultValues: { name: '', expirationDate: daysAhead(30) },
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: async ({ value, formApi }) => {
      setError(undefined)
      const result = await generateToken(userId, {
        name: value.name.trim(),
        expirationDate: endOfDay(value.expirationDate),
      })
      if (result.error !== undefined || !result.data) {
        setError(apiError(result))
        return
      }
      onCreated(result.data)
      formApi.reset({ name: '', expirationDate: daysAhead(30) })
    },
  })
  // Online only, no draft: a new version's reload waits while a name is typed here.
  useUnsavedInput(useStore(form.store, (s) => s.isDirty))
  return (
    <form
      noValidate
      aria-labelledby="generate-token-title"
      onSubmit={(e) => {
        e.preventDefault()
        void form.handleSubmit()
      }}
      className="rounded-lg border border-gray-200 p-4"
    >
      <h3 id="generate-token-title" className="mb-3 font-semibold text-gray-900">
        <FormattedMessage id="tokens.generateTitle" defaultMessage="Generate a token" />
      </h3>
      {error && (
        <div className="mb-3">
          <ErrorNotice error={error} />
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
          <OnlineOnlyButton type="submit" disabled={submitting}>
            <FormattedMessage id="tokens.generate" defaultMessage="Generate" />
          </OnlineOnlyButton>
        )}
      </form.Subscribe>
    </form>
  )
}
