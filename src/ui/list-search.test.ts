import type { ResolveSearchValidatorInput, ResolveValidatorOutput } from '@tanstack/react-router'
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest'
import { oneOf, pagedSearch } from './list-search'

afterEach(() => localStorage.clear())

const search = pagedSearch('data-formats', { sortOrder: oneOf(['asc', 'desc']) })

describe('pagedSearch', () => {
  it('reads page and limit as numbers: from the address, else stored for the list, else the first page of 10', () => {
    expect(search({})).toEqual({ sortOrder: undefined, page: 1, limit: 10 })
    expect(search({ page: '3', limit: '20', sortOrder: 'up' })).toEqual({
      sortOrder: undefined,
      page: 3,
      limit: 20,
    })
    localStorage.setItem('data-formats.currentPage', '2')
    localStorage.setItem('data-formats.limit', '50')
    expect(search({ page: 'two', limit: 7 })).toEqual({ sortOrder: undefined, page: 2, limit: 50 })
  })

  it('tells the router that links may leave page and limit out, while the route reads numbers', () => {
    type LinkGives = ResolveSearchValidatorInput<typeof search>
    type RouteReads = ResolveValidatorOutput<typeof search>
    expectTypeOf<{ sortOrder: 'asc' }>().toExtend<LinkGives>()
    expectTypeOf<{ page: 'two' }>().not.toExtend<LinkGives>()
    expectTypeOf<RouteReads['page']>().toEqualTypeOf<number>()
    expectTypeOf<RouteReads['limit']>().toEqualTypeOf<number>()
  })
})
