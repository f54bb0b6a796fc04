import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { organizationsQuery } from '../../api/organizations'
import { useSession } from '../../core/session'
import { useCatalogLabels } from './catalog-labels'
import { SORT_FIELDS, STATUSES } from './catalog-paths'
import type { CatalogSearch } from './catalog-search'

const control = 'rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm'

/** Search, status and organization filters and the sort of a catalog list; any change goes back to page 1. */
export function CatalogFilters({
  search,
  onChange,
}: {
  search: CatalogSearch
  onChange: (next: Partial<CatalogSearch>) => void
}) {
  const intl = useIntl()
  const labels = useCatalogLabels()
  const id = useId()
  const signedIn = useSession() !== null
  // The organization list needs a signed-in user; anonymous visitors filter through links only.
  const organizations = useQuery({ ...organizationsQuery(), enabled: signedIn })
  const [q, setQ] = useState(search.q ?? '')
  useEffect(() => setQ(search.q ?? ''), [search.q])
  const set = (next: Partial<CatalogSearch>) => onChange({ ...next, page: 1 })

  return (
    <div className="mb-3 flex flex-wrap items-end gap-3 text-sm">
      <search>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            set({ q: q.trim() || undefined })
          }}
        >
          <div>
            <label htmlFor={`${id}-q`} className="block text-xs font-medium text-gray-700">
              <FormattedMessage id="catalog.search" defaultMessage="Search" />
            </label>
            <input
              id={`${id}-q`}
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder={intl.formatMessage({
                id: 'catalog.searchHint',
                defaultMessage: 'Name, code or description',
              })}
              className={`${control} w-56`}
            />
          </div>
          <button type="submit" className={`${control} hover:bg-gray-50`}>
            <FormattedMessage id="catalog.searchButton" defaultMessage="Find" />
          </button>
        </form>
      </search>
      <div>
        <label htmlFor={`${id}-status`} className="block text-xs font-medium text-gray-700">
          <FormattedMessage id="catalog.status" defaultMessage="Status" />
        </label>
        <select
          id={`${id}-status`}
          className={control}
          value={search.status ?? ''}
          onChange={(e) => set({ status: e.target.value || undefined })}
        >
          <option value="">{intl.formatMessage({ id: 'catalog.allStatuses', defaultMessage: 'All' })}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {labels.status(s)}
            </option>
          ))}
        </select>
      </div>
      {signedIn && (
        <div>
          <label htmlFor={`${id}-org`} className="block text-xs font-medium text-gray-700">
            <FormattedMessage id="catalog.publisherFilter" defaultMessage="Publisher" />
          </label>
          <select
            id={`${id}-org`}
            className={`${control} max-w-56`}
            value={search.publisher ?? ''}
            onChange={(e) => set({ publisher: e.target.value || undefined })}
          >
            <option value="">
              {intl.formatMessage({ id: 'catalog.allOrganizations', defaultMessage: 'All' })}
            </option>
            {(organizations.data ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label htmlFor={`${id}-sort`} className="block text-xs font-medium text-gray-700">
          <FormattedMessage id="catalog.sortBy" defaultMessage="Sort by" />
        </label>
        <select
          id={`${id}-sort`}
          className={control}
          value={search.sortBy ?? 'updatedAt'}
          onChange={(e) => set({ sortBy: e.target.value === 'updatedAt' ? undefined : e.target.value })}
        >
          {SORT_FIELDS.map((f) => (
            <option key={f} value={f}>
              {labels.field(f)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-order`} className="block text-xs font-medium text-gray-700">
          <FormattedMessage id="catalog.sortOrder" defaultMessage="Order" />
        </label>
        <select
          id={`${id}-order`}
          className={control}
          value={search.sortOrder ?? 'desc'}
          onChange={(e) => set({ sortOrder: e.target.value === 'asc' ? 'asc' : undefined })}
        >
          <option value="desc">
            {intl.formatMessage({ id: 'catalog.desc', defaultMessage: 'Descending' })}
          </option>
          <option value="asc">
            {intl.formatMessage({ id: 'catalog.asc', defaultMessage: 'Ascending' })}
          </option>
        </select>
      </div>
    </div>
  )
}
