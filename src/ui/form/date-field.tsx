import type { ReactNode } from 'react'
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { inputClass } from '../input'
import { LocaleDateInput } from '../locale-date-input'
import { useFieldContext } from './fields'
import { firstError, translateValidation } from './validation-message'

/** A date (YYYY-MM-DD) input wired like the other fields: aria-invalid and aria-describedby from errors. */
export function DateField({ label, required }: { label: ReactNode; required?: boolean }) {
  const intl = useIntl()
  const field = useFieldContext<string>()
  const id = useId()
  const error =
    field.state.meta.isTouched || field.form.state.submissionAttempts > 0
      ? firstError(field.state.meta.errors)
      : undefined
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <LocaleDateInput
        id={id}
        name={field.name}
        value={field.state.value ?? ''}
        onChange={(iso) => field.handleChange(iso)}
        onBlur={field.handleBlur}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        required={required}
        className={inputClass}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {translateValidation(intl, error)}
        </p>
      )}
    </div>
  )
}
