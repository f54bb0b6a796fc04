import { FormattedMessage, useIntl } from 'react-intl'

export interface PaginationProps {
  page: number
  limit: number
  /** Unknown until the list's first answer: nothing is shown, not "page 1 of 1". */
  totalCount: number | undefined
  /** The platform gave no total: whether the next page may hold more (this one was full). */
  more?: boolean
  sizes: number[]
  /** A move to a page (the size kept as the address has it then), or to a size (from its first page). */
  onChange: (next: { page: number; limit?: number }) => void
}

export function Pagination({ page, limit, totalCount, more, sizes, onChange }: PaginationProps) {
  const intl = useIntl()
  if (totalCount === undefined) return null
  // Without a total the pages are not counted: this page, and a next one while pages come full.
  const counted = more === undefined
  // Without a total: this page, and one more when the platform may have more.
  const pages = counted ? Math.max(1, Math.ceil(totalCount / limit)) : page + Number(more)
  const button =
    'rounded-md border border-gray-300 bg-white px-3 py-1 text-sm disabled:text-gray-400 hover:bg-gray-50'
  return (
    <nav
      aria-label={intl.formatMessage({ id: 'pagination.label', defaultMessage: 'Pagination' })}
      className="mt-4 flex flex-wrap items-center gap-2 text-sm"
    >
      <button
        type="button"
        className={button}
        disabled={page <= 1}
        onClick={() => onChange({ page: page - 1 })}
      >
        <FormattedMessage id="pagination.previous" defaultMessage="Previous" />
      </button>
      <span aria-live="polite">
        {counted ? (
          <FormattedMessage
            id="pagination.position"
            defaultMessage="Page {page} of {pages}"
            values={{ page, pages }}
          />
        ) : (
          <FormattedMessage id="pagination.page" defaultMessage="Page {page}" values={{ page }} />
        )}
      </span>
      <button
        type="button"
        className={button}
        disabled={page >= pages}
        onClick={() => onChange({ page: page + 1 })}
      >
        <FormattedMessage id="pagination.next" defaultMessage="Next" />
      </button>
      <label className="ml-auto flex items-center gap-2">
        <FormattedMessage id="pagination.size" defaultMessage="Rows per page" />
        <select
          value={limit}
          onChange={(e) => onChange({ page: 1, limit: Number(e.target.value) })}
          className="rounded-md border border-gray-300 bg-white px-2 py-1"
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span className="text-gray-600">
        {counted || !more ? (
          <FormattedMessage
            id="pagination.total"
            defaultMessage="{count, plural, one {# item} other {# items}}"
            values={{ count: totalCount }}
          />
        ) : (
          <FormattedMessage
            id="pagination.atLeast"
            defaultMessage="{count, plural, one {at least # item} other {at least # items}}"
            values={{ count: totalCount }}
          />
        )}
      </span>
    </nav>
  )
}
