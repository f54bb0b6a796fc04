import type { ReactNode } from 'react'
import { useId } from 'react'
import { useFieldContext } from './fields'

/** A yes/no field; render inside `<form.AppField>`. */
export function CheckboxField({ label, hint }: { label: ReactNode; hint?: ReactNode }) {
  const field = useFieldContext<boolean>()
  const id = useId()
  return (
    <div className="mb-4">
      {/* The label holds the box: the whole line is the target, 44 px tall on a phone. */}
      <label
        htmlFor={id}
        className="flex items-start gap-2 text-sm font-medium text-gray-800 max-sm:items-center"
      >
        <input
          id={id}
          type="checkbox"
          name={field.name}
          checked={field.state.value === true}
          onChange={(e) => field.handleChange(e.target.checked)}
          onBlur={field.handleBlur}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="mt-0.5 h-4 w-4 shrink-0 accent-primary-700 max-sm:mt-0"
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="ml-6 text-xs text-gray-600">
          {hint}
        </p>
      )}
    </div>
  )
}
