import { afterEach, describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../../outbox/db'
import { changesOfType } from './catalog-list-screen'
import { catalogSearch, listParams } from './catalog-search'

afterEach(() => localStorage.clear())

describe('catalog list search', () => {
  it('defaults to page 1, 10 a page, newest first', () => {
    expect(listParams(catalogSearch('sources')({}))).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'updatedAt',
      sortOrder: 'desc',
      status: undefined,
      organizationId: undefined,
      q: undefined,
    })
  })

  it('restores page and limit from `{list}.{field}` when the URL has none, the URL winning', () => {
    localStorage.setItem('templates.currentPage', '3')
    localStorage.setItem('templates.limit', '20')
    expect(catalogSearch('templates')({})).toMatchObject({ page: 3, limit: 20 })
    expect(catalogSearch('templates')({ page: '2' })).toMatchObject({ page: 2, limit: 20 })
    // Another list keeps its own.
    expect(catalogSearch('connectors')({})).toMatchObject({ page: 1, limit: 10 })
  })

  it('keeps known sorts, statuses and filters and drops the rest', () => {
    expect(
      catalogSearch('products')({
        sortBy: 'name',
        sortOrder: 'asc',
        status: 'draft',
        publisher: 'o1',
        q: 'grid',
      }),
    ).toMatchObject({ sortBy: 'name', sortOrder: 'asc', status: 'draft', publisher: 'o1', q: 'grid' })
    expect(
      catalogSearch('products')({ sortBy: 'password', sortOrder: 'up', status: 'gone', q: '  ' }),
    ).toMatchObject({
      sortBy: undefined,
      sortOrder: undefined,
      status: undefined,
      q: undefined,
    })
  })

  it('shows a queued create only in the list of its type', () => {
    const entry = (method: OutboxEntry['method'], type?: string) =>
      ({ method, body: type ? { type } : undefined }) as OutboxEntry
    const entries = [
      entry('POST', 'datasource'),
      entry('POST', 'dataproduct'),
      entry('PATCH'),
      entry('DELETE'),
    ]
    expect(changesOfType(entries, 'datasource')).toEqual([entries[0], entries[2], entries[3]])
  })
})
