import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { useIntl } from 'react-intl'
import { organizationsQuery } from '../../api/organizations'
import { organizationSetting } from '../../api/scope'
import { cachePersister } from '../../offline/cache-persister'

/**
 * SPEC §2 Organization selector: clearable, placeholder "Current organization...", disabled while the
 * list is empty, sorted accent-insensitively; a different choice is stored and the page reloads.
 */
export function OrganizationSelector({ reload = () => location.reload() }: { reload?: () => void }) {
  const intl = useIntl()
  const id = useId()
  const queryClient = useQueryClient()
  const query = useQuery(organizationsQuery())
  const organizations = query.data ?? []
  const current = organizationSetting.use()
  const known = organizations.some((o) => o.id === current)
  // An id that is not one of the user's organizations (a bogus ?organizationId) is not kept, nor sent,
  // once the platform has answered the list: the selector's placeholder then tells the truth.
  const unknown = query.isSuccess && query.isFetchedAfterMount && current !== '' && !known
  useEffect(() => {
    if (unknown) organizationSetting.clear()
  }, [unknown])
  const label = intl.formatMessage({ id: 'organization.label', defaultMessage: 'Organization' })

  // Another organization's data must not linger: the cache goes, the outbox (bound to its organization) stays.
  const choose = async (next: string) => {
    if (next === current) return
    if (next) organizationSetting.set(next)
    else organizationSetting.clear()
    queryClient.clear()
    await cachePersister.removeClient()
    reload()
  }

  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={known ? current : ''}
        disabled={organizations.length === 0}
        onChange={(e) => void choose(e.target.value)}
        className="h-9 min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-2 text-sm disabled:bg-gray-100"
      >
        <option value="">
          {intl.formatMessage({ id: 'organization.placeholder', defaultMessage: 'Current organization...' })}
        </option>
        {organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      {known && (
        <button
          type="button"
          onClick={() => void choose('')}
          className="h-9 w-8 shrink-0 rounded-md text-gray-600 hover:bg-gray-100"
          aria-label={intl.formatMessage({ id: 'organization.clear', defaultMessage: 'Clear organization' })}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  )
}
