import { type FormEvent, useEffect, useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Button } from '../../ui/button'
import { categoryText, statusText, targetTypeText } from '../../ui/enum-text'
import { LocaleDateInput } from '../../ui/locale-date-input'
import type { EventsSearch } from './events-search'

const STATUSES = ['success', 'warning', 'error', 'info']
const CATEGORIES = ['tasks', 'products', 'integration', 'auth', 'contracts', 'applications', 'data-formats']
const TARGET_TYPES = ['task', 'product', 'data-format', 'contract', 'token', 'application']

type Filters = Omit<EventsSearch, 'limit' | 'event'>

const control =
  'mt-1 block w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm focus:border-primary-600'
const label = 'block text-xs font-medium text-gray-700'

/**
 * Lists choose at once; typed values (type, application) apply on Enter or "Apply", so each key
 * press does not start a call.
 */
export function EventFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const intl = useIntl()
  const ids = useId()
  const [typed, setTyped] = useState({ type: value.type ?? '', app: value.app ?? '' })
  useEffect(() => setTyped({ type: value.type ?? '', app: value.app ?? '' }), [value.type, value.app])
  // A range whose start is after its end is shown as chosen, refused, and not applied.
  const [dates, setDates] = useState({ from: value.from ?? '', to: value.to ?? '' })
  useEffect(() => setDates({ from: value.from ?? '', to: value.to ?? '' }), [value.from, value.to])
  const inverted = dates.from !== '' && dates.to !== '' && dates.from > dates.to
  const rangeErrorId = useId()
  const setDate = (patch: Partial<typeof dates>) => {
    const next = { ...dates, ...patch }
    setDates(next)
    if (next.from && next.to && next.from > next.to) return
    set({ from: next.from || undefined, to: next.to || undefined })
  }
  const dateAria = {
    'aria-invalid': inverted || undefined,
    'aria-describedby': inverted ? rangeErrorId : undefined,
  }
  const any = intl.formatMessage({ id: 'events.any', defaultMessage: 'Any' })
  const set = (patch: Filters) => onChange({ ...value, ...patch })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    set({ type: typed.type.trim() || undefined, app: typed.app.trim() || undefined })
  }

  const optionText = { status: statusText, category: categoryText, targetType: targetTypeText }
  const select = (name: 'status' | 'category' | 'targetType', title: string, options: string[]) => (
    <label className={label}>
      {title}
      <select
        className={control}
        value={value[name] ?? ''}
        disabled={name === 'status' && value.error}
        onChange={(e) => set({ [name]: e.target.value || undefined })}
      >
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionText[name](intl, o)}
          </option>
        ))}
      </select>
    </label>
  )

  return (
    <form
      onSubmit={submit}
      aria-label={intl.formatMessage({ id: 'events.filters', defaultMessage: 'Event filters' })}
      className="mb-3 grid grid-cols-2 gap-3 rounded-lg bg-white p-3 shadow-sm md:grid-cols-4"
    >
      <label className={label}>
        <FormattedMessage id="event.type" defaultMessage="Type" />
        <input
          className={control}
          value={typed.type}
          onChange={(e) => setTyped({ ...typed, type: e.target.value })}
          onBlur={() =>
            typed.type.trim() !== (value.type ?? '') && set({ type: typed.type.trim() || undefined })
          }
          placeholder="TASK_RUN_FAILED"
        />
      </label>
      {select('status', intl.formatMessage({ id: 'event.status', defaultMessage: 'Status' }), STATUSES)}
      {select(
        'category',
        intl.formatMessage({ id: 'event.category', defaultMessage: 'Category' }),
        CATEGORIES,
      )}
      {select(
        'targetType',
        intl.formatMessage({ id: 'event.targetType', defaultMessage: 'Target type' }),
        TARGET_TYPES,
      )}
      <label className={label}>
        <FormattedMessage id="event.appName" defaultMessage="Application" />
        <input
          className={control}
          value={typed.app}
          onChange={(e) => setTyped({ ...typed, app: e.target.value })}
          onBlur={() => typed.app.trim() !== (value.app ?? '') && set({ app: typed.app.trim() || undefined })}
          placeholder="orchestrator"
        />
      </label>
      <label className={label} htmlFor={`${ids}-from`}>
        <FormattedMessage id="events.from" defaultMessage="From" />
        <LocaleDateInput
          id={`${ids}-from`}
          className={control}
          value={dates.from}
          {...dateAria}
          onChange={(iso) => setDate({ from: iso })}
        />
      </label>
      <label className={label} htmlFor={`${ids}-to`}>
        <FormattedMessage id="events.to" defaultMessage="To" />
        <LocaleDateInput
          id={`${ids}-to`}
          className={control}
          value={dates.to}
          {...dateAria}
          onChange={(iso) => setDate({ to: iso })}
        />
      </label>
      {inverted && (
        <p id={rangeErrorId} role="alert" className="col-span-2 text-sm text-red-700 md:col-span-4">
          <FormattedMessage
            id="events.rangeInverted"
            defaultMessage="The start date is after the end date: this change of dates was not applied."
          />
        </p>
      )}
      <div className="flex flex-col justify-end gap-2">
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            className="size-4"
            checked={value.error === true}
            onChange={(e) => set({ error: e.target.checked || undefined })}
          />
          <FormattedMessage id="events.errorsOnly" defaultMessage="Errors only" />
        </label>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary" className="px-2 py-1">
            <FormattedMessage id="events.apply" defaultMessage="Apply" />
          </Button>
          <Button type="button" variant="ghost" className="px-2 py-1" onClick={() => onChange({})}>
            <FormattedMessage id="events.clear" defaultMessage="Clear" />
          </Button>
        </div>
      </div>
    </form>
  )
}
