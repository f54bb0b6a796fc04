import { describe, expect, it } from 'vitest'
import { addressPages } from './list-screen'

type Search = { page: number; limit: number; q?: string }

/** A router's address: each navigation is made to the address as it is then, as TanStack Router does. */
function address(start: Search) {
  let latest = start
  const navigate = ({ search }: { search: (latest: Search) => Search; replace?: boolean }) => {
    latest = search(latest)
  }
  return { navigate, latest: () => latest }
}

describe('a list’s pages in the address', () => {
  it('keeps a new page size when the next page is asked for before the list re-rendered', () => {
    const rendered: Search = { page: 1, limit: 25, q: 'orders' }
    const at = address(rendered)
    // Both made from the same render: the list had not re-rendered with the new size in between.
    const pages = addressPages('data-formats', rendered, at.navigate)
    pages.go({ page: 1, limit: 50 })
    pages.go({ page: 2 })
    expect(at.latest()).toEqual({ page: 2, limit: 50, q: 'orders' })
  })

  it('shows the page and size of the address it was rendered from', () => {
    const pages = addressPages(
      'data-formats',
      { page: 3, limit: 10 },
      address({ page: 3, limit: 10 }).navigate,
    )
    expect([pages.page, pages.limit]).toEqual([3, 10])
  })
})
