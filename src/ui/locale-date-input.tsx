import { type InputHTMLAttributes, useEffect, useId, useState } from 'react'
import { defineMessages, FormattedMessage, type IntlShape, useIntl } from 'react-intl'

const letters = defineMessages({
  day: { id: 'date.day', defaultMessage: 'dd' },
  month: { id: 'date.month', defaultMessage: 'mm' },
  year: { id: 'date.year', defaultMessage: 'yyyy' },
})

type Part = 'day' | 'month' | 'year'

function layout(locale: string): { order: Part[]; separator: string } {
  const parts = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  }).formatToParts(new Date(Date.UTC(2026, 10, 25)))
  const order = parts
    .map((p) => p.type)
    .filter((t): t is Part => t === 'day' || t === 'month' || t === 'year')
  const separator = parts.find((p) => p.type === 'literal')?.value ?? '.'
  return { order: order.length === 3 ? order : ['day', 'month', 'year'], separator }
}

/** An ISO date (YYYY-MM-DD) as the language writes it: 25.11.2026 in Finnish, 11/25/2026 in English. */
export function formatIsoDate(locale: string, iso: string): string {
  const [y, m, d] = iso.split('-').map(Number)
  if (!y || !m || !d) return iso
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)))
}

/** A date typed in the language's order (or as YYYY-MM-DD) as an ISO date; undefined when it is none. */
export function parseLocaleDate(locale: string, text: string): string | undefined {
  const trimmed = text.trim()
  let y: number | undefined
  let m: number | undefined
  let d: number | undefined
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed)
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  else {
    const numbers = trimmed.split(/[^\d]+/).filter(Boolean)
    if (numbers.length !== 3) return undefined
    const { order } = layout(locale)
    // A whole year only: while "2026" is typed, "2" or "20" must not already be a date.
    if (numbers[order.indexOf('year')]?.length !== 4) return undefined
    const at = (part: Part) => Number(numbers[order.indexOf(part)])
    ;[y, m, d] = [at('year'), at('month'), at('day')]
  }
  if (!y || !m || !d || y < 1000 || y > 9999) return undefined
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined
  return date.toISOString().slice(0, 10)
}

/** How a date is written in the chosen language, as letters: pp.kk.vvvv, mm/dd/yyyy. */
export function dateHint(intl: IntlShape): string {
  const { order, separator } = layout(intl.locale)
  return order.map((part) => intl.formatMessage(letters[part])).join(separator)
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** YYYY-MM-DD, or '' for none. */
  value: string
  onChange: (iso: string) => void
}

/**
 * A date field in the chosen language. A native date input shows the browser's format, not the
 * page's, so the date is typed as text in the language's order (ISO also accepted) and parsed.
 */
export function LocaleDateInput({ value, onChange, onBlur, ...rest }: Props) {
  const intl = useIntl()
  const hintId = useId()
  const [text, setText] = useState(() => (value ? formatIsoDate(intl.locale, value) : ''))
  const [invalid, setInvalid] = useState(false)
  // A value set from outside (a cleared filter, a reset form, another language) is shown in the language's form.
  useEffect(() => {
    setText((shown) => {
      if (!value) return ''
      return parseLocaleDate(intl.locale, shown) === value ? shown : formatIsoDate(intl.locale, value)
    })
  }, [value, intl.locale])
  const hint = dateHint(intl)
  return (
    <>
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={hint}
        lang={intl.locale}
        value={text}
        aria-invalid={rest['aria-invalid'] ?? (invalid || undefined)}
        aria-describedby={
          [rest['aria-describedby'], invalid ? hintId : undefined].filter(Boolean).join(' ') || undefined
        }
        onChange={(e) => {
          const next = e.target.value
          setText(next)
          const iso = parseLocaleDate(intl.locale, next)
          if (next.trim() === '') {
            setInvalid(false)
            onChange('')
          } else if (iso) {
            setInvalid(false)
            onChange(iso)
          }
        }}
        onBlur={(e) => {
          const iso = parseLocaleDate(intl.locale, text)
          if (iso) setText(formatIsoDate(intl.locale, iso))
          setInvalid(text.trim() !== '' && iso === undefined)
          onBlur?.(e)
        }}
      />
      {invalid && (
        <span id={hintId} className="mt-1 block text-xs text-red-700">
          <FormattedMessage id="date.invalid" defaultMessage="Enter the date as {hint}" values={{ hint }} />
        </span>
      )}
    </>
  )
}
