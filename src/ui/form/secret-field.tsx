import type { ReactNode } from 'react'
import { useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useFieldContext } from './fields'
import { firstError, translateValidation } from './validation-message'

/** A secret (token, client secret): masked, with a labelled toggle that reveals it. */
export function SecretField({ label, hint }: { label: string; hint?: ReactNode }) {
  const intl = useIntl()
  const field = useFieldContext<string>()
  const id = useId()
  const [shown, setShown] = useState(false)
  const error =
    field.state.meta.isTouched || field.form.state.submissionAttempts > 0
      ? firstError(field.state.meta.errors)
      : undefined
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          name={field.name}
          autoComplete="off"
          spellCheck={false}
          value={field.state.value ?? ''}
          onChange={(e) => field.handleChange(e.target.value)}
          onBlur={field.handleBlur}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy}
          className="w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 font-mono text-sm aria-[invalid=true]:border-red-600"
        />
        <button
          type="button"
          aria-pressed={shown}
          aria-label={
            shown
              ? intl.formatMessage({ id: 'secret.hide', defaultMessage: 'Hide {label}' }, { label })
              : intl.formatMessage({ id: 'secret.show', defaultMessage: 'Show {label}' }, { label })
          }
          onClick={() => setShown((s) => !s)}
          className="shrink-0 whitespace-nowrap rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-800 hover:bg-gray-50"
        >
          {shown ? (
            <FormattedMessage id="secret.hideShort" defaultMessage="Hide" />
          ) : (
            <FormattedMessage id="secret.showShort" defaultMessage="Show" />
          )}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {translateValidation(intl, error)}
        </p>
      )}
    </div>
  )
}
