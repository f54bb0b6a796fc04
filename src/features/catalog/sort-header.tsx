import type { ReactNode } from 'react'

export interface SortState {
  sortBy: string
  sortOrder: 'asc' | 'desc'
}

/**
 * A column header that sorts the list by its field: first descending (SPEC §9), a second
 * press ascending. `aria-sort` tells assistive technology which column sorts the list.
 */
export function SortHeader({
  field,
  sort,
  onSort,
  className,
  children,
}: {
  field: string
  sort: SortState
  onSort: (next: SortState) => void
  className: string
  children: ReactNode
}) {
  const active = sort.sortBy === field
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 font-semibold hover:text-primary-800"
        onClick={() =>
          onSort({ sortBy: field, sortOrder: active && sort.sortOrder === 'desc' ? 'asc' : 'desc' })
        }
      >
        {children}
        <span aria-hidden="true" className={active ? 'text-primary-800' : 'text-gray-400'}>
          {active && sort.sortOrder === 'asc' ? '▲' : '▼'}
        </span>
      </button>
    </th>
  )
}
