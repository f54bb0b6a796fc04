import { useEffect, useRef } from 'react'
import type { PagedListName } from '../../core/resources'
import { savePagination } from './pagination'

/**
 * The page shown is kept to the pages that exist: past the last one it moves to the last (`goTo`,
 * which replaces the address), and only a page that exists is stored to be restored next time.
 * Until the platform has said how many rows there are, nothing is moved or stored.
 */
export function useKeptPage(
  list: PagedListName,
  {
    page,
    limit,
    totalCount,
    more,
  }: { page: number; limit: number; totalCount: number | undefined; more?: boolean },
  goTo: (page: number) => void,
) {
  // Without the platform's total, a page with rows exists; an empty one sends back to the last with rows.
  const last = totalCount === undefined ? undefined : Math.max(more ? page : 1, Math.ceil(totalCount / limit))
  // The latest goTo, without making each render's new function a reason to run again.
  const go = useRef(goTo)
  go.current = goTo
  useEffect(() => {
    if (last === undefined) return
    if (page > last) go.current(last)
    else savePagination(list, { currentPage: page, limit })
  }, [list, page, limit, last])
}
