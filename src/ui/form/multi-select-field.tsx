import type { ReactNode } from 'react'
import { useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { inputClass } from '../input'
import { sortedByLabel, useFieldContext } from './fields'
import { firstError, translateValidation } from './validation-message'

export interface Option {
  value: string
  label: string
}

/**
 * Several values chosen from options (autocomplete through a datalist) or, with `allowCustom`,
 * typed freely. Enter, the Add button or leaving the box adds (so a value typed and not yet added is
 * never lost when the form's tab changes); text that is not an option stays in the box with a
 * message. Every chosen value has its own remove button. Render inside `<form.AppField>`.
 */
export function MultiSelectField({
  label,
  options,
  allowCustom,
  hint,
  missingLabel,
}: {
  label: string
  options: Option[]
  allowCustom?: boolean
  hint?: ReactNode
  /** Shown for a chosen value no longer among the options (kept, not dropped), once they are known. */
  missingLabel?: string
}) {
  const intl = useIntl()
  const field = useFieldContext<string[]>()
  const id = useId()
  const [text, setText] = useState('')
  const [refused, setRefused] = useState<string>()
  const values = field.state.value ?? []
  const labelOf = (value: string) => options.find((o) => o.value === value)?.label ?? missingLabel ?? value
  const error =
    field.state.meta.isTouched || field.form.state.submissionAttempts > 0
      ? firstError(field.state.meta.errors)
      : undefined

  const add = (entered = text) => {
    const typed = entered.trim()
    if (!typed) return
    const match = options.find((o) => o.label.toLowerCase() === typed.toLowerCase() || o.value === typed)
    const value = match?.value ?? (allowCustom ? typed : undefined)
    if (value && !values.includes(value)) field.handleChange([...values, value])
    if (value) setText('')
    setRefused(value ? undefined : typed)
  }
  const describedBy = [hint ? `${id}-hint` : '', refused ? `${id}-refused` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')

  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      {values.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-1" aria-label={label}>
          {values.map((value) => (
            <li
              key={value}
              className="inline-flex items-center gap-1 rounded-full bg-primary-50 px-2 py-0.5 text-sm text-primary-900"
            >
              {labelOf(value)}
              <button
                type="button"
                className="rounded-full px-1 text-primary-800 hover:bg-primary-100"
                aria-label={intl.formatMessage(
                  { id: 'form.removeValue', defaultMessage: 'Remove {value}' },
                  { value: labelOf(value) },
                )}
                onClick={() => field.handleChange(values.filter((v) => v !== value))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={id}
          list={`${id}-options`}
          value={text}
          onChange={(e) => {
            // Picking a suggestion from the list (no typing) adds it at once.
            const picked = (e.nativeEvent as InputEvent).inputType
            const fromList = picked === undefined || picked === 'insertReplacementText'
            if (fromList && options.some((o) => o.label === e.target.value)) add(e.target.value)
            else {
              setText(e.target.value)
              setRefused(undefined)
            }
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              add()
            }
          }}
          onBlur={() => {
            add()
            field.handleBlur()
          }}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy || undefined}
          className={inputClass}
        />
        <datalist id={`${id}-options`}>
          {sortedByLabel(options, intl.locale)
            .filter((o) => !values.includes(o.value))
            .map((o) => (
              <option key={o.value} value={o.label} />
            ))}
        </datalist>
        <button
          type="button"
          onClick={() => add()}
          className="shrink-0 whitespace-nowrap rounded-md border border-gray-300 bg-white px-3 py-2 text-sm hover:bg-gray-50"
          aria-label={intl.formatMessage(
            { id: 'form.addValueTo', defaultMessage: 'Add to {label}' },
            { label },
          )}
        >
          <FormattedMessage id="form.addValue" defaultMessage="Add" />
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {refused && (
        <p id={`${id}-refused`} className="mt-1 text-sm text-red-700">
          <FormattedMessage
            id="form.notAnOption"
            defaultMessage="“{value}” is not one of the options."
            values={{ value: refused }}
          />
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
