import { Link, type LinkProps } from '@tanstack/react-router'
import type { ComponentProps, ReactNode } from 'react'
import { IfPermitted } from '../../auth/permitted'
import type { PagedListName } from '../../core/resources'
import { buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table'
import { LazyErrorNotice as ErrorNotice } from '../../ui/error-notice-lazy'
import { QueryFetchedAt } from '../../ui/fetched-at'
import { PAGE_SIZES } from '../../ui/list/pagination'
import { useKeptPage } from '../../ui/list/use-kept-page'
import { PageHeader } from '../../ui/page-header'
import type { PaginationProps } from '../../ui/pagination'
import type { QueryLike } from '../../ui/query-state'

/** What the list shell reads of `useList`'s query: the page's totals, its error text and its freshness. */
interface ListQuery extends QueryLike {
  data?: { totalCount: number; more?: boolean; error?: string }
  dataUpdatedAt: number
  isFetching: boolean
}

/** Where a list is in its pages, and how it moves: `go` changes the address (`replace` for a correction). */
export interface ListPages {
  list: PagedListName
  page: number
  limit: number
  go: (next: { page: number; limit?: number }, replace?: boolean) => void
}

/**
 * A list's pages in its route's address: `search` as the route read it, and its `navigate`. Moving
 * keeps the rest of the address (filters, sort).
 */
export function addressPages<S extends { page: number; limit: number }>(
  list: PagedListName,
  search: S,
  navigate: (options: { search: (latest: S) => S; replace?: boolean }) => unknown,
): ListPages {
  return {
    list,
    page: search.page,
    limit: search.limit,
    // Onto the latest address, not the one rendered: a page asked for before the list re-rendered after
    // a change of page size keeps that size.
    go: (next, replace) => void navigate({ search: (latest) => ({ ...latest, ...next }), replace }),
  }
}

/**
 * The page a list shows, kept to the pages that exist (`useKeptPage`: past the last it moves to the
 * last, and a page that exists is stored for next time), as the table's pagination.
 */
function useListPagination({ list, page, limit, go }: ListPages, data: ListQuery['data']): PaginationProps {
  const totalCount = data?.totalCount
  const more = data?.more
  useKeptPage(list, { page, limit, totalCount, more }, (last) => go({ page: last }, true))
  return { page, limit, totalCount, more, sizes: PAGE_SIZES, onChange: (next) => go(next) }
}

/** A list's create link, as a button, for who may create (`{type}.create`). */
export interface CreateLink {
  type: string
  to: LinkProps['to']
  label: ReactNode
}

type TableProps<Row extends object> = Omit<
  ComponentProps<typeof DataTable<Row>>,
  'caption' | 'query' | 'pagination' | 'rowKey' | 'empty' | 'busy'
>

/**
 * The one list screen of a resource: its title with the create link (for who may create), this
 * list's filters, when the page was fetched (with Retry), the platform's error of the page, and the
 * table, whose one row says loading, failed or empty while there are none, with its pages kept to
 * those that exist. A resource's screen gives only its own: columns, row actions, filters, dialogs.
 */
export function ListScreen<Row extends { id: string }>({
  title,
  create,
  before,
  filters,
  notices,
  query,
  pages,
  children,
  ...table
}: TableProps<Row> & {
  /** The page's heading, and the table's caption. */
  title: ReactNode
  create?: CreateLink
  /** Above the heading (a link back). */
  before?: ReactNode
  /** Between the heading and the freshness line. */
  filters?: ReactNode
  /** Between the freshness line and the table: this list's own notices. */
  notices?: ReactNode
  query: ListQuery
  pages: ListPages
  /** After the table: the list's dialogs. */
  children?: ReactNode
}) {
  const pagination = useListPagination(pages, query.data)
  return (
    <div>
      {before}
      <PageHeader
        title={title}
        actions={
          create && (
            <IfPermitted check={{ type: create.type, actions: 'create' }}>
              <Link to={create.to} className={buttonClass('primary')}>
                {create.label}
              </Link>
            </IfPermitted>
          )
        }
      />
      {filters}
      {/* One line kept for the fetched-at time before the first answer: the table does not move down when it comes. */}
      <div className="mb-2 min-h-4">
        <QueryFetchedAt query={query} />
      </div>
      {notices}
      {query.data?.error && (
        <div className="mb-4">
          <ErrorNotice error={{ message: query.data.error }} onRetry={() => void query.refetch()} />
        </div>
      )}
      <DataTable
        caption={title}
        rowKey={(row) => row.id}
        query={query}
        // The platform's error of the page is said above the table, not again in it.
        empty={query.data?.error ? null : undefined}
        pagination={pagination}
        {...table}
      />
      {children}
    </div>
  )
}
