import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { isUnreadable } from '../contract/reading'
import { Pagination, type PaginationProps } from './pagination'
import { PendingBadge } from './pending-badge'
import { type QueryLike, QueryState } from './query-state'
import { UnreadableItem } from './unreadable'

/** Which way a list is sorted; the platform sorts, the table only asks. */
export interface SortState {
  sortBy: string
  sortOrder: 'asc' | 'desc'
}

/** Below which width a column hides; `always` columns stay at 360 px. */
export type ColumnPriority = 'always' | 'sm' | 'md' | 'lg'

export interface Column<Row> {
  id: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** Default `always`. Hidden columns must repeat what matters in an `always` cell. */
  priority?: ColumnPriority
  /** The platform's sort field: the header becomes a sort button. */
  sortField?: string
  /** Extra classes of the column's cells (not its header). */
  className?: string
  /** The row's outbox mark (waiting to sync, not synced) follows this column's content. */
  pendingBadge?: boolean
  /** Stacked rows: the cell is named by its header ("Expires: …"), and shares its line (`inline`). */
  stackLabel?: boolean
  stackInline?: boolean
  testId?: string
}

/** What the outbox overlay adds to a row: a queued change and how its sending stands. */
export interface OverlayFields {
  pending?: 'create' | 'update' | 'delete'
  pendingStatus?: 'pending' | 'sending' | 'conflict' | 'failed'
}

// Literal class names: Tailwind finds them in this file.
const hideBelow: Record<ColumnPriority, string> = {
  always: '',
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
}
// Stacked rows (below md): every cell is a line of its card, whatever its priority.
/** A sorted column's order, as a screen reader says it. */
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const
const stackCell = 'block md:table-cell'
const stackInlineCell = 'inline-block md:table-cell'

/**
 * The one list table: caption, headers (sort buttons where the platform sorts), rows with the
 * outbox overlay (a queued delete is struck through, a queued change carries its badge), an
 * actions slot per row, and one row that says loading, failed or empty while there are no rows.
 * Narrow screens keep the `always` columns, or (`stack`) show each row as a card.
 * Its own markup, not a headless table library: the platform sorts and pages, so the table only renders.
 */
export function DataTable<Row extends object>({
  caption,
  columns,
  rows,
  rowKey,
  rowTestId,
  rowClassName,
  query,
  emptyText,
  empty,
  busy = query?.isPending,
  sort,
  onSort,
  actions,
  dense = false,
  stack = false,
  card = true,
  pagination,
  focusable = false,
}: {
  caption: ReactNode
  columns: Column<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string
  rowTestId?: string
  rowClassName?: string
  /** The list's query: with no rows the table says loading, failed (with a retry) or empty. */
  query?: QueryLike
  emptyText?: ReactNode
  /** What the table says with no rows, instead of the query's state (`null`: no such row). */
  empty?: ReactNode
  /** The empty row's aria-busy: the list is loading. */
  busy?: boolean
  sort?: SortState
  onSort?: (next: SortState) => void
  /** The row's actions (edit, delete…), in the last column. */
  actions?: (row: Row) => ReactNode
  dense?: boolean
  stack?: boolean
  /** In its own white card (lists), or bare inside a section that is one. */
  card?: boolean
  /** Page, size and total of a paged list; its changes go to the address. */
  pagination?: PaginationProps
  /** A table that may scroll sideways is reached by keyboard too. */
  focusable?: boolean
}) {
  const pad = dense ? 'px-3 py-2' : 'px-4 py-3'
  const colCount = columns.length + (actions ? 1 : 0)
  // A table that scrolls sideways in its card keeps its words whole; the others give way anywhere.
  const keepWords = focusable ? 'break-words' : ''
  const cellClass = (column: Column<Row>) =>
    [
      stack ? `${column.stackInline ? stackInlineCell : stackCell} px-3 py-1 md:py-2` : pad,
      stack ? '' : hideBelow[column.priority ?? 'always'],
      keepWords,
      column.className ?? '',
    ]
      .filter(Boolean)
      .join(' ')
  const headerClass = (column: Column<Row>) =>
    [pad, keepWords, hideBelow[column.priority ?? 'always']].filter(Boolean).join(' ')
  const stateRow = query ? <QueryState query={query} empty emptyText={emptyText} /> : null
  const emptyRow = empty !== undefined ? empty : stateRow
  const waiting = rows.length === 0 && Boolean(busy)

  return (
    <>
      <div
        className={`overflow-x-auto${card ? ' rounded-lg bg-white shadow-sm' : ''}`}
        tabIndex={focusable ? 0 : undefined}
      >
        <table className={`w-full text-left text-sm${stack ? ' block md:table' : ''}`}>
          <caption className="sr-only">{caption}</caption>
          {/* Not while the first rows load: the columns' widths come with the rows, and headers laid
              out before them would move sideways when they came (a layout shift). */}
          <thead
            hidden={waiting}
            className={`border-b bg-gray-50 text-gray-700${stack ? ' hidden md:table-header-group' : ''}`}
          >
            <tr>
              {columns.map((column) =>
                column.sortField && sort && onSort ? (
                  <SortHeader
                    key={column.id}
                    field={column.sortField}
                    sort={sort}
                    onSort={onSort}
                    className={headerClass(column)}
                  >
                    {column.header}
                  </SortHeader>
                ) : (
                  <th key={column.id} scope="col" className={headerClass(column)}>
                    {column.header}
                  </th>
                ),
              )}
              {actions && (
                <th scope="col" className={pad}>
                  <span className="sr-only">
                    <FormattedMessage id="common.actions" defaultMessage="Actions" />
                  </span>
                </th>
              )}
            </tr>
          </thead>
          {/* A new body with the first rows, not the loading one moved down under the headers. */}
          <tbody
            key={waiting ? 'waiting' : 'rows'}
            className={stack ? 'block md:table-row-group' : undefined}
          >
            {rows.length === 0 && emptyRow !== null && (
              <tr>
                <td colSpan={colCount} aria-busy={busy} className={dense ? 'px-3 py-2' : 'px-4 py-2'}>
                  {emptyRow}
                </td>
              </tr>
            )}
            {rows.map((row) =>
              isUnreadable(row) ? (
                <tr key={row.id} data-testid={rowTestId} className="border-b bg-amber-50 last:border-0">
                  <td colSpan={colCount} className={pad}>
                    <UnreadableItem item={row} />
                  </td>
                </tr>
              ) : (
                <tr
                  key={rowKey(row)}
                  data-row-key={rowKey(row)}
                  data-testid={rowTestId}
                  className={[
                    'border-b last:border-0',
                    stack ? 'block py-2 md:table-row md:py-0' : '',
                    rowClassName ?? '',
                    (row as OverlayFields).pending === 'delete' ? 'text-gray-500 line-through' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  {columns.map((column) => (
                    <td key={column.id} className={cellClass(column)} data-testid={column.testId}>
                      {stack && column.stackLabel && <span className="md:hidden">{column.header}: </span>}
                      {column.cell(row)}
                      {column.pendingBadge && <PendingBadge status={(row as OverlayFields).pendingStatus} />}
                    </td>
                  ))}
                  {actions && (
                    <td
                      className={
                        stack
                          ? `${stackCell} px-3 py-1 md:py-2`
                          : `${dense ? 'px-3 py-2' : 'px-1 py-3 sm:px-4'} text-right whitespace-nowrap`
                      }
                    >
                      {stack ? (
                        actions(row)
                      ) : (
                        // One column: the actions sit side by side, and stack below 640 px 16 px apart (a thumb
                        // never hits Delete for Edit).
                        <div className="flex flex-col items-end gap-4 sm:flex-row sm:items-center sm:justify-end sm:gap-0">
                          {actions(row)}
                        </div>
                      )}
                    </td>
                  )}
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      {pagination && <Pagination {...pagination} />}
    </>
  )
}

/**
 * A column header that sorts the list by its field: first descending, a second press ascending.
 * `aria-sort` tells assistive technology which column sorts the list.
 */
function SortHeader({
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
    <th scope="col" className={className} aria-sort={active ? ARIA_SORT[sort.sortOrder] : undefined}>
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
