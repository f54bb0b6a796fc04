import type { ReactNode } from 'react'
import { useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useFieldContext } from './fields'
import { firstError, translateValidation } from './validation-message'

/**
 * A secret (token, client secret): masked, with a labelled toggle that reveals what is typed. The
 * platform never answers a secret, only whether one is set (`isSet`): then the field says "Set" and
 * offers Replace; an empty field keeps the stored value, so only a typed value is sent.
 */
export function SecretField({ label, hint, isSet }: { label: string; hint?: ReactNode; isSet?: boolean }) {
  const intl = useIntl()
  const field = useFieldContext<string>()
  const id = useId()
  const [shown, setShown] = useState(false)
  const [replacing, setReplacing] = useState(false)
  const error =
    field.state.meta.isTouched || field.form.state.submissionAttempts > 0
      ? firstError(field.state.meta.errors)
      : undefined
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  // A button keeps its word whole, however narrow the field.
  const buttonClass =
    'shrink-0 whitespace-nowrap rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-800 hover:bg-gray-50'
  if (isSet && !replacing && !field.state.value)
    return (
      <fieldset className="mb-4">
        <legend className="mb-1 block text-sm font-medium text-gray-800">{label}</legend>
        <div className="flex items-center gap-2">
          <span className="rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-800">
            <FormattedMessage id="secret.set" defaultMessage="Set" />
          </span>
          <button
            type="button"
            aria-label={intl.formatMessage(
              { id: 'secret.replace', defaultMessage: 'Replace {label}' },
              { label },
            )}
            onClick={() => setReplacing(true)}
            className={buttonClass}
          >
            <FormattedMessage id="secret.replaceShort" defaultMessage="Replace" />
          </button>
        </div>
      </fieldset>
    )
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
          data-secret
          value={field.state.value ?? ''}
          onChange={(e) => field.handleChange(e.target.value)}
          onBlur={field.handleBlur}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy}
          // biome-ignore lint/a11y/noAutofocus: Replace moves the user straight to the new value.
          autoFocus={replacing}
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
          className={buttonClass}
        >
          {shown ? (
            <FormattedMessage id="secret.hideShort" defaultMessage="Hide" />
          ) : (
            <FormattedMessage id="secret.showShort" defaultMessage="Show" />
          )}
        </button>
        {isSet && (
          <button
            type="button"
            onClick={() => {
              field.handleChange('')
              setReplacing(false)
            }}
            className={buttonClass}
          >
            <FormattedMessage id="secret.keep" defaultMessage="Keep current" />
          </button>
        )}
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
