import type { ReactNode } from 'react'
import { useId } from 'react'
import { useFieldContext } from './fields'

/** A yes/no field: a checkbox with its label (and an optional hint) beside it. */
export function CheckboxField({ label, hint }: { label: ReactNode; hint?: ReactNode }) {
  const field = useFieldContext<boolean>()
  const id = useId()
  return (
    <div className="mb-3 flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        name={field.name}
        checked={field.state.value === true}
        onChange={(e) => field.handleChange(e.target.checked)}
        onBlur={field.handleBlur}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 h-4 w-4"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-gray-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  )
}
