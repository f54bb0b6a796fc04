import { createFormHook, createFormHookContexts, useStore } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import { useEffect, useId, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Input, inputClass, Textarea } from '../input'
import { firstError, translateValidation } from './validation-message'

export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()

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
        <Input
          {...aria}
          type={type}
          name={field.name}
          autoComplete={autoComplete}
          value={field.state.value ?? ''}
          onChange={(e) => field.handleChange(e.target.value)}
          onBlur={field.handleBlur}
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
        <Textarea
          {...aria}
          name={field.name}
          rows={rows}
          value={field.state.value ?? ''}
          onChange={(e) => field.handleChange(e.target.value)}
          onBlur={field.handleBlur}
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

/** Reporters of a Save the rules refused, one for each mounted Save button, by its form's store. */
const refusalReporters = new WeakMap<object, () => void>()

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
  const [invalidCount, setInvalidCount] = useState(0)

  useEffect(() => {
    if (valid) setInvalidCount(0)
  }, [valid])

  useEffect(() => {
    let timer: number | undefined
    const report = () => {
      window.clearTimeout(timer)
      // After the screen has shown the tab with the first error.
      timer = window.setTimeout(() => {
        const invalid = [
          ...(button.current?.form?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? []),
        ]
        const refusedFields = Object.values(
          form.state.fieldMeta as Record<string, { errors?: unknown[] }>,
        ).filter((meta) => (meta?.errors?.length ?? 0) > 0).length
        setInvalidCount(Math.max(1, invalid.length || refusedFields))
        invalid.find((el) => (el.checkVisibility?.() ?? true) && el.closest('[hidden]') === null)?.focus()
      }, 0)
    }
    refusalReporters.set(form.store, report)
    return () => {
      window.clearTimeout(timer)
      if (refusalReporters.get(form.store) === report) refusalReporters.delete(form.store)
    }
  }, [form])

  return (
    <>
      <button
        ref={button}
        type="submit"
        disabled={submitting}
        aria-busy={submitting || undefined}
        className="inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-md bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800 disabled:bg-primary-300"
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
        className="order-last min-w-48 flex-1 self-center text-sm text-red-700 empty:hidden"
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

const formHook = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextAreaField, SelectField },
  formComponents: { SubmitButton },
})
export const { withForm } = formHook

// biome-ignore lint/suspicious/noExplicitAny: the options of a form of any values
type AppFormOptions = Record<string, any> & { onSubmitInvalid?: (props: SubmitInvalidProps) => void }
type SubmitInvalidProps = { formApi: { store: object } }

/**
 * The one form hook of the console: every entity form (one per entity, create and edit) is built on it. No Save is
 * swallowed: the first one runs the rules as every later one does (the library would return at
 * once, unseen, while a field is being checked or is invalid), and one the rules refuse reaches the
 * Save button, which says so and focuses the first invalid field.
 */
export const useAppForm = ((options: AppFormOptions) =>
  formHook.useAppForm({
    ...options,
    canSubmitWhenInvalid: true,
    onSubmitInvalid: (props: SubmitInvalidProps) => {
      options.onSubmitInvalid?.(props)
      refusalReporters.get(props.formApi.store)?.()
    },
  })) as unknown as typeof formHook.useAppForm

/** The form element's submit: the form's Save, one at a time (the button shows it busy meanwhile). */
export const onSave =
  (form: { state: { isSubmitting: boolean }; handleSubmit: () => Promise<void> }) =>
  (event: { preventDefault: () => void }) => {
    event.preventDefault()
    if (!form.state.isSubmitting) void form.handleSubmit()
  }
