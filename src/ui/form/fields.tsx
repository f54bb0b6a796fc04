import { createFormHook, createFormHookContexts, useStore } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import { useEffect, useId, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { firstError, translateValidation } from './validation-message'

export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()

const inputClass =
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-600 disabled:bg-gray-100'

/** Label, control, hint and error, wired with aria-invalid and aria-describedby. */
function Field({
  label,
  hint,
  required,
  children,
}: {
  label: ReactNode
  hint?: ReactNode
  required?: boolean
  children: (props: {
    id: string
    'aria-invalid': boolean
    'aria-describedby'?: string
    'aria-required'?: boolean
  }) => ReactNode
}) {
  const intl = useIntl()
  const field = useFieldContext<unknown>()
  const id = useId()
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
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children({
        id,
        'aria-invalid': error !== undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
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

interface TextProps {
  label: ReactNode
  hint?: ReactNode
  required?: boolean
  type?: 'text' | 'email' | 'url' | 'number' | 'password'
  autoComplete?: string
}

function TextField({ type = 'text', autoComplete, ...props }: TextProps) {
  const field = useFieldContext<string>()
  return (
    <Field {...props}>
      {(aria) => (
        <input
          {...aria}
          type={type}
          name={field.name}
          autoComplete={autoComplete}
          value={field.state.value ?? ''}
          onChange={(e) => field.handleChange(e.target.value)}
          onBlur={field.handleBlur}
          className={inputClass}
        />
      )}
    </Field>
  )
}

function TextAreaField({ rows = 4, ...props }: TextProps & { rows?: number }) {
  const field = useFieldContext<string>()
  return (
    <Field {...props}>
      {(aria) => (
        <textarea
          {...aria}
          name={field.name}
          rows={rows}
          value={field.state.value ?? ''}
          onChange={(e) => field.handleChange(e.target.value)}
          onBlur={field.handleBlur}
          className={`${inputClass} font-mono`}
        />
      )}
    </Field>
  )
}

/** Options by label in the UI language's order (å, ä, ö after z in Finnish). */
export function sortedByLabel<T extends { label: string }>(options: T[], locale: string): T[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })
  return [...options].sort((a, b) => collator.compare(a.label, b.label))
}

function SelectField({
  options,
  placeholder,
  keepOrder,
  loaded = true,
  missingLabel,
  ...props
}: TextProps & {
  options: { value: string; label: string }[]
  placeholder?: string
  /** Options in a meaningful order (levels, steps) are not sorted by name. */
  keepOrder?: boolean
  /** Whether the options are known: only then is a value outside them shown as missing. */
  loaded?: boolean
  /** Shown for a stored value that is no longer among the options (kept, not cleared). */
  missingLabel?: string
}) {
  const intl = useIntl()
  const field = useFieldContext<string>()
  const value = field.state.value ?? ''
  const shown = keepOrder ? options : sortedByLabel(options, intl.locale)
  // A stored reference whose target is gone stays selected and says so: saving must not clear it.
  const missing = value !== '' && !options.some((o) => o.value === value)
  return (
    <Field {...props}>
      {(aria) => (
        <select
          {...aria}
          name={field.name}
          value={value}
          onChange={(e) => field.handleChange(e.target.value)}
          onBlur={field.handleBlur}
          className={inputClass}
        >
          <option value="">{placeholder ?? '—'}</option>
          {missing && (
            <option value={value}>
              {loaded
                ? (missingLabel ??
                  intl.formatMessage({ id: 'form.missingOption', defaultMessage: 'Removed or not found' }))
                : intl.formatMessage({ id: 'form.loadingOption', defaultMessage: 'Loading…' })}
            </option>
          )}
          {shown.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/**
 * The form's Save button. After a Save the rules refuse, focus moves to the first invalid field and
 * a summary saying how many fields need correcting is announced.
 */
function SubmitButton({ children }: { children: ReactNode }) {
  const form = useFormContext()
  const intl = useIntl()
  const button = useRef<HTMLButtonElement>(null)
  const submitting = useStore(form.store, (s) => s.isSubmitting)
  const valid = useStore(form.store, (s) => s.isValid)
  const attempts = useStore(form.store, (s) => s.submissionAttempts)
  const [invalidCount, setInvalidCount] = useState(0)
  const wasSubmitting = useRef(false)

  useEffect(() => {
    const finished = wasSubmitting.current && !submitting
    wasSubmitting.current = submitting
    if (valid) setInvalidCount(0)
    if (!finished || valid || attempts === 0) return
    // After the screen has shown the tab with the first error.
    const timer = window.setTimeout(() => {
      const invalid = [
        ...(button.current?.form?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? []),
      ]
      setInvalidCount(Math.max(1, invalid.length))
      invalid.find((el) => el.checkVisibility?.() ?? el.offsetParent !== null)?.focus()
    }, 0)
    return () => window.clearTimeout(timer)
  }, [submitting, valid, attempts])

  return (
    <>
      <button
        ref={button}
        type="submit"
        disabled={submitting}
        aria-busy={submitting || undefined}
        className="inline-flex items-center justify-center rounded-md bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800 disabled:bg-primary-300"
      >
        {children}
      </button>
      {submitting && (
        <span role="status" className="self-center text-sm text-gray-700" data-testid="saving">
          {intl.formatMessage({ id: 'form.saving', defaultMessage: 'Saving…' })}
        </span>
      )}
      <p
        role="alert"
        className="order-last self-center text-sm text-red-700 empty:hidden"
        data-testid="form-error-summary"
      >
        {invalidCount > 0 && (
          <FormattedMessage
            id="form.errorSummary"
            defaultMessage="Not saved: {count, plural, one {# field needs} other {# fields need}} correcting."
            values={{ count: invalidCount }}
          />
        )}
      </p>
    </>
  )
}

/** The one form hook of the console: every entity form (one per entity, create and edit) uses it. */

export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextAreaField, SelectField },
  formComponents: { SubmitButton },
})
