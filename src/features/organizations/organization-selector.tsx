import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { useIntl } from 'react-intl'
import { organizationsQuery } from '../../api/organizations'
import { organizationSetting } from '../../core/scope'
import { cachePersister } from '../../pwa/cache-persister'
import { keepUnsavedInput } from '../../pwa/unsaved'
import { useSwitchGuard } from '../../shell/switch-guard'
import { Icon } from '../../ui/icon'

/** "Aalto Logistics" → "AL", "Ääneseudun Energia" → "ÄE": the first letters of the first two words. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase() ?? '')
    .join('')
}

/**
 * The organization selector: clearable, placeholder "Current organization...", disabled while the
 * list is empty, sorted accent-insensitively; a different choice is stored and the page reloads.
 */
export function OrganizationSelector({ reload = () => location.reload() }: { reload?: () => void }) {
  const intl = useIntl()
  const id = useId()
  const queryClient = useQueryClient()
  const query = useQuery(organizationsQuery())
  const organizations = query.data ?? []
  const current = organizationSetting.use()
  const chosen = organizations.find((o) => o.id === current)
  const known = chosen !== undefined
  // An id that is not one of the user's organizations (a bogus ?organizationId) is not kept, nor sent,
  // once the platform has answered the list: the selector's placeholder then tells the truth.
  const unknown = query.isSuccess && query.isFetchedAfterMount && current !== '' && !known
  useEffect(() => {
    if (unknown) organizationSetting.clear()
  }, [unknown])
  // The page reloads for another organization: asked first over input no draft keeps.
  const { ask, question } = useSwitchGuard()
  const label = intl.formatMessage({ id: 'organization.label', defaultMessage: 'Organization' })

  // Another organization's data must not linger: the cache goes, the outbox (bound to its organization) stays.
  const choose = async (next: string) => {
    if (next === current) return
    // The page reloads: what a form holds is kept as its draft first, not lost to the last keystrokes.
    await keepUnsavedInput()
    if (next) organizationSetting.set(next)
    else organizationSetting.clear()
    queryClient.clear()
    await cachePersister.removeClient()
    reload()
  }

  // On a phone the selector is a 44 px square with the chosen organization's initials (an icon when
  // none), and the full name shows under it while it has focus; from 640 px it shows the name in full.
  return (
    <div className="relative flex items-center gap-1">
      {question}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={known ? current : ''}
        disabled={organizations.length === 0}
        onChange={(e) => {
          const next = e.target.value
          ask(() => void choose(next))
        }}
        title={chosen?.name}
        data-testid="organization-select"
        className="peer h-9 w-org min-w-0 rounded-md border border-gray-300 bg-white px-2 text-sm disabled:bg-gray-100 max-sm:w-11 max-sm:flex-none max-sm:appearance-none max-sm:px-0 max-sm:text-transparent"
      >
        <option value="" className="text-gray-900">
          {intl.formatMessage({ id: 'organization.placeholder', defaultMessage: 'Current organization...' })}
        </option>
        {organizations.map((o) => (
          <option key={o.id} value={o.id} className="text-gray-900">
            {o.name}
          </option>
        ))}
      </select>
      <span
        aria-hidden="true"
        data-testid="organization-initials"
        className="pointer-events-none absolute inset-y-0 left-0 flex w-11 items-center justify-center text-sm font-semibold text-primary-900 sm:hidden"
      >
        {chosen ? (
          initialsOf(chosen.name)
        ) : (
          <Icon
            d="M4 21V5l8-3v19M12 9h8v12M8 8v.01M8 12v.01M8 16v.01M16 13v.01M16 17v.01M2 21h20"
            className="h-5 w-5"
          />
        )}
      </span>
      {chosen && (
        <span
          aria-hidden="true"
          data-testid="organization-name"
          className="pointer-events-none absolute top-full left-0 z-30 mt-1 hidden rounded bg-gray-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow max-sm:peer-focus:block"
        >
          {chosen.name}
        </span>
      )}
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
