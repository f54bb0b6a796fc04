import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { TASK_STATUSES } from '../../contract/task-values'
import { Button } from '../../ui/button'
import { TaskStatusLabel } from './task-status-badge'

export const SORT_FIELDS = ['updatedAt', 'createdAt', 'name', 'status'] as const

interface Filters {
  sort: string
  status?: string
  q?: string
}

/** Sort (field:direction, descending by default), status filter (sent as in:...) and search. */
export function TasksFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const intl = useIntl()
  const [field = 'updatedAt', direction = 'desc'] = value.sort.split(':')
  const statuses = value.status ? value.status.split(',') : []
  const [q, setQ] = useState(value.q ?? '')
  // The box follows the address: Back and Forward bring their search with them.
  useEffect(() => setQ(value.q ?? ''), [value.q])
  const fieldLabels: Record<(typeof SORT_FIELDS)[number], string> = {
    updatedAt: intl.formatMessage({ id: 'tasks.sort.updatedAt', defaultMessage: 'Last updated' }),
    createdAt: intl.formatMessage({ id: 'tasks.sort.createdAt', defaultMessage: 'Created' }),
    name: intl.formatMessage({ id: 'task.name', defaultMessage: 'Name' }),
    status: intl.formatMessage({ id: 'task.status', defaultMessage: 'Status' }),
  }
  const toggle = (status: string) => {
    const next = statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status]
    onChange({ ...value, status: next.length ? next.join(',') : undefined })
  }
  const select = 'rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm'
  return (
    <div className="mb-4 flex flex-wrap items-end gap-4 rounded-lg bg-white p-4 shadow-sm">
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          onChange({ ...value, q: q.trim() || undefined })
        }}
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-gray-800">
            <FormattedMessage id="common.search" defaultMessage="Search" />
          </span>
          <input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className="w-48 rounded-md border border-gray-300 px-2 py-1.5"
          />
        </label>
        <Button type="submit" variant="secondary">
          <FormattedMessage id="common.find" defaultMessage="Find" />
        </Button>
      </form>
      <fieldset className="text-sm">
        <legend className="mb-1 font-medium text-gray-800">
          <FormattedMessage id="task.status" defaultMessage="Status" />
        </legend>
        <div className="flex flex-wrap gap-3">
          {TASK_STATUSES.map((status) => (
            <label key={status} className="inline-flex items-center gap-1">
              <input type="checkbox" checked={statuses.includes(status)} onChange={() => toggle(status)} />
              <TaskStatusLabel status={status} />
            </label>
          ))}
        </div>
      </fieldset>
      <label className="text-sm">
        <span className="mb-1 block font-medium text-gray-800">
          <FormattedMessage id="tasks.sortBy" defaultMessage="Sort by" />
        </span>
        <select
          className={select}
          value={field}
          onChange={(e) => onChange({ ...value, sort: `${e.target.value}:${direction}` })}
        >
          {SORT_FIELDS.map((f) => (
            <option key={f} value={f}>
              {fieldLabels[f]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium text-gray-800">
          <FormattedMessage id="tasks.direction" defaultMessage="Direction" />
        </span>
        <select
          className={select}
          value={direction}
          onChange={(e) => onChange({ ...value, sort: `${field}:${e.target.value}` })}
        >
          <option value="desc">
            {intl.formatMessage({ id: 'tasks.desc', defaultMessage: 'Descending' })}
          </option>
          <option value="asc">{intl.formatMessage({ id: 'tasks.asc', defaultMessage: 'Ascending' })}</option>
        </select>
      </label>
    </div>
  )
}
